import { useState } from 'react';
import {
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSearchParams } from 'react-router-dom';
import {
  VISA_APPLICATION_STATUSES,
  attachVisa,
  getVisaApplication,
  saveVisaTerms,
  setVisaStatus,
  visaQueue,
  type TVisaApplication,
  type TVisaTerms,
  type VisaApplicationStatus,
} from '@tp/contracts/endpoints/visa-applications';
import { VISA_STATUS_LABEL, canTakeStep } from '@tp/domain/visa-applications';
import { useAction } from '#api/action.ts';
import { useApi } from '#api/hooks.ts';
import { CursorPager, useCursorPages } from '#shared/cursor-pages.tsx';
import { DataTable } from '#shared/DataTable.tsx';
import { formatDate, formatDateTime, formatMoney } from '#shared/format.ts';
import { Drawer } from '#shared/Modal.tsx';
import { PermissionPage } from '#shared/PermissionPage.tsx';
import { usePermission } from '#shared/usePermission.ts';
import { DocumentButton, DocumentUploadButton, travellerName, VisaStatusBadge } from './application-parts.tsx';

const isStatus = (s: string | null): s is VisaApplicationStatus =>
  VISA_APPLICATION_STATUSES.includes(s as VisaApplicationStatus);

const QUEUE_READS = [visaQueue, getVisaApplication] as const;

function RequestDocument({ app }: { app: TVisaApplication }) {
  const form = useForm({ initialValues: { slot: '', note: '' } });
  const request = useAction(setVisaStatus, { revalidate: QUEUE_READS, form, onSuccess: () => form.reset() });
  const slots = app.travellers.flatMap((_, t) =>
    app.requiredDocuments.map((d) => ({ value: `${t}|${d}`, label: `${travellerName(app, t)}: ${d}` })),
  );
  return (
    <form
      onSubmit={form.onSubmit((v) => {
        const [traveller, document] = v.slot.split('|');
        if (!document) return form.setFieldError('slot', 'Please choose the document');
        void request.run({
          applicationId: app.id,
          version: app.version,
          status: 'documentsRequested',
          traveller: Number(traveller),
          document,
          note: v.note,
        });
      })}
    >
      <Stack gap="xs">
        <Title order={3} size="h6">
          Request a document
        </Title>
        <Select label="Document" data={slots} required {...form.getInputProps('slot')} />
        <Textarea label="What is wrong or missing" required rows={2} {...form.getInputProps('note')} />
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={request.busy}>
            Request document
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Lodge({ app }: { app: TVisaApplication }) {
  const form = useForm({ initialValues: { embassyReference: '' } });
  const lodge = useAction(setVisaStatus, { revalidate: QUEUE_READS, form });
  return (
    <form
      onSubmit={form.onSubmit(
        (v) => void lodge.run({ applicationId: app.id, version: app.version, status: 'lodged', ...v }),
      )}
    >
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput label="Embassy reference" required {...form.getInputProps('embassyReference')} style={{ flex: 1 }} />
        <Button type="submit" loading={lodge.busy}>
          Record as lodged
        </Button>
      </Group>
    </form>
  );
}

function Decide({ app }: { app: TVisaApplication }) {
  const [note, setNote] = useState('');
  const decide = useAction(setVisaStatus, { revalidate: QUEUE_READS });
  const attach = useAction(attachVisa, { revalidate: QUEUE_READS, success: 'Visa attached' });
  const run = (decision: 'approved' | 'rejected' | 'cancelled') =>
    void decide.run({ applicationId: app.id, version: app.version, status: decision, note });
  return (
    <Stack gap="xs">
      {canTakeStep(app.status, 'attachVisa') &&
        app.travellers.map((_, t) => (
          <Group key={t} justify="space-between" wrap="wrap">
            <Text size="sm">
              {travellerName(app, t)}: {app.visas.some((v) => v.traveller === t) ? 'visa attached' : 'no visa yet'}
            </Text>
            <DocumentUploadButton
              label="Attach visa"
              aria-label={`Attach the visa of ${travellerName(app, t)}`}
              busy={attach.pending?.traveller === t}
              onFile={(file) => attach.run({ applicationId: app.id, version: app.version, traveller: t, file })}
            />
          </Group>
        ))}
      <Textarea label="Note to the applicant" rows={2} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
      <Group justify="flex-end" gap="xs" wrap="wrap">
        {canTakeStep(app.status, 'cancelByStaff') && (
          <Button variant="default" loading={decide.pending?.status === 'cancelled'} onClick={() => run('cancelled')}>
            Cancel application
          </Button>
        )}
        {canTakeStep(app.status, 'reject') && (
          <Button
            color="red"
            variant="light"
            loading={decide.pending?.status === 'rejected'}
            onClick={() => run('rejected')}
          >
            Reject
          </Button>
        )}
        {canTakeStep(app.status, 'approve') && (
          <Button color="green" loading={decide.pending?.status === 'approved'} onClick={() => run('approved')}>
            Approve
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function ApplicationDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const read = useApi(getVisaApplication, id ? { applicationId: id } : null);
  const app = read.data?.id === id ? read.data : undefined;
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={app ? `Application ${app.reference}` : 'Application'}
    >
      {!app ? (
        <Text c="dimmed">Loading…</Text>
      ) : (
        <Stack gap="md">
          <Group gap="xs">
            <VisaStatusBadge status={app.status} />
            <Text size="sm">
              {app.countryName} – {app.visaCategory}
            </Text>
          </Group>
          <Text size="sm">
            {app.userName} · {app.nationalityName} · travel {formatDate(app.travelFrom)} – {formatDate(app.travelTo)}
            {app.embassyReference ? ` · embassy reference ${app.embassyReference}` : ''}
          </Text>
          <Text size="sm">
            Paid {formatMoney(app.paidAmount, app.fee.currency)}
            {app.paidAt ? (app.paidBy === 'gateway' ? ' online' : ' from the wallet') : ''}
            {app.refundedAmount > 0
              ? ` · refunded ${formatMoney(app.refundedAmount, app.fee.currency)}${app.paidBy === 'gateway' ? ' through the gateway' : ' to the wallet'}`
              : ''}
          </Text>
          {app.travellers.map((t, i) => (
            <Paper key={i} withBorder p="sm" radius="md">
              <Text fw={600}>
                {t.firstName} {t.lastName}
              </Text>
              <Text size="sm" c="dimmed">
                Passport {t.passportNumber}, valid until {formatDate(t.passportExpiry)} · born{' '}
                {formatDate(t.dateOfBirth)}
              </Text>
              {[...app.documents, ...app.visas]
                .filter((d) => d.traveller === i)
                .map((d) => (
                  <Group key={d.documentId} justify="space-between" gap="xs">
                    <Text size="sm">
                      {d.document}
                      {d.requested ? ' (requested again)' : ''}
                    </Text>
                    <DocumentButton
                      applicationId={app.id}
                      documentId={d.documentId}
                      label="View"
                      aria-label={`View ${d.document} of ${t.firstName} ${t.lastName}`}
                    />
                  </Group>
                ))}
            </Paper>
          ))}
          {canTakeStep(app.status, 'requestDocument') && <RequestDocument app={app} />}
          {canTakeStep(app.status, 'lodge') && <Lodge app={app} />}
          {(canTakeStep(app.status, 'approve') || canTakeStep(app.status, 'reject')) && <Decide app={app} />}
        </Stack>
      )}
    </Drawer>
  );
}

function Terms({ terms }: { terms: TVisaTerms | undefined }) {
  const [open, setOpen] = useState(false);
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between">
        <Text fw={600}>Visa terms</Text>
        <Button size="xs" variant="subtle" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? 'Hide' : 'Edit terms'}
        </Button>
      </Group>
      {terms && !open && (
        <Text size="sm" c="dimmed">
          Markup{' '}
          {terms.markupType === 'fixed'
            ? formatMoney(terms.markupValue, 'INR') + ' per traveller'
            : `${terms.markupValue}%`}{' '}
          · refund {terms.refundPercentOnRejection}% on rejection, {terms.refundPercentOnCancellation}% on cancellation
          · documents deleted {terms.documentRetentionDays} days after the decision
        </Text>
      )}
      {terms && open && <TermsForm terms={terms} onSaved={() => setOpen(false)} />}
    </Paper>
  );
}

function TermsForm({ terms, onSaved }: { terms: TVisaTerms; onSaved: () => void }) {
  const form = useForm({ initialValues: terms });
  const save = useAction(saveVisaTerms, { revalidate: [visaQueue], form, onSuccess: onSaved });
  return (
    <form onSubmit={form.onSubmit((v) => void save.run(v))}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="sm">
        <Select
          label="Markup"
          data={[
            { value: 'percentage', label: 'Percent of the fee' },
            { value: 'fixed', label: 'Fixed per traveller' },
          ]}
          allowDeselect={false}
          {...form.getInputProps('markupType')}
        />
        <NumberInput label="Markup value" min={0} {...form.getInputProps('markupValue')} />
        <NumberInput
          label="Refund on rejection (%)"
          min={0}
          max={100}
          {...form.getInputProps('refundPercentOnRejection')}
        />
        <NumberInput
          label="Refund on cancellation (%)"
          min={0}
          max={100}
          {...form.getInputProps('refundPercentOnCancellation')}
        />
        <NumberInput
          label="Delete documents after (days)"
          min={0}
          allowDecimal={false}
          {...form.getInputProps('documentRetentionDays')}
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="sm">
        <Button type="submit" loading={save.busy}>
          Save terms
        </Button>
      </Group>
    </form>
  );
}

function Queue({ manages }: { manages: boolean }) {
  const [params, setParams] = useSearchParams();
  const status = isStatus(params.get('status')) ? (params.get('status') as VisaApplicationStatus) : 'submitted';
  // A pushed notification opens its application (?application=…).
  const [open, setOpen] = useState<string | null>(params.get('application'));
  const queue = useCursorPages(visaQueue, { status }, { call: { handling: 'navigation' }, keepPreviousData: true });
  const count = (s: VisaApplicationStatus) => queue.data?.statuses.find((x) => x.status === s)?.count;
  return (
    <>
      {manages && <Terms terms={queue.data?.terms} />}
      <Tabs
        value={status}
        onChange={(s) => isStatus(s) && setParams({ status: s }, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          {VISA_APPLICATION_STATUSES.map((s) => (
            <Tabs.Tab
              key={s}
              value={s}
              rightSection={
                count(s) === undefined ? null : (
                  <Badge size="sm" variant="light" color="gray" aria-label={`${count(s)} applications`}>
                    {count(s)}
                  </Badge>
                )
              }
            >
              {VISA_STATUS_LABEL[s]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <DataTable<TVisaApplication>
        label={`${VISA_STATUS_LABEL[status]} visa applications`}
        rows={queue.data?.records}
        loading={queue.isLoading}
        empty={`No ${VISA_STATUS_LABEL[status].toLowerCase()} applications.`}
        rowKey={(a) => a.id}
        minWidth={760}
        columns={[
          { key: 'reference', header: 'Application', nowrap: true, render: (a) => a.reference },
          { key: 'applicant', header: 'Applicant', render: (a) => a.userName },
          { key: 'visa', header: 'Visa', render: (a) => `${a.countryName} – ${a.visaCategory}` },
          { key: 'travellers', header: 'Travellers', render: (a) => a.travellers.length },
          { key: 'travel', header: 'Travel', nowrap: true, render: (a) => formatDate(a.travelFrom) },
          { key: 'updated', header: 'Updated', nowrap: true, render: (a) => formatDateTime(a.updatedAt) },
          {
            key: 'open',
            header: 'Actions',
            render: (a) => (
              <Button
                size="xs"
                variant="light"
                onClick={() => setOpen(a.id)}
                aria-label={`Open application ${a.reference}`}
              >
                Open
              </Button>
            ),
          },
        ]}
      />
      <CursorPager pages={queue} />
      <ApplicationDrawer id={open} onClose={() => setOpen(null)} />
    </>
  );
}

/**
 * /staff/visa-applications (ours): visa applications by status with their counts; open one to see its documents
 * (short-lived links), ask for a document again, record the embassy reference, attach the issued visas, approve,
 * reject or cancel it (refunds follow the site's terms, once). Staff holding `visa.manage` edit those terms.
 */
export default function StaffVisaApplicationsPage() {
  const manages = usePermission('visa.manage');
  return (
    <PermissionPage
      title="Visa Applications"
      permission="visa.applications"
      staffOnly
      intro="Applications by status. Open one to check its documents, ask for one again, lodge it with the embassy and record the decision."
    >
      <Queue manages={manages} />
    </PermissionPage>
  );
}
