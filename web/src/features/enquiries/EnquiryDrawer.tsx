import type { ReactNode } from 'react';
import { Anchor, Button, Divider, Group, Select, Stack, Text, Textarea, Timeline, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  ENQUIRY_MSG,
  getEnquiry,
  listEnquiries,
  updateEnquiryStatus,
  type TEnquiry,
} from '@tp/contracts/endpoints/enquiries';
import { ENQUIRY_KIND_LABELS, ENQUIRY_STATUS_LABELS, nextStatuses, type EnquiryStatus } from '@tp/domain/enquiries';
import { useAction } from '#api/action.ts';
import { useApi } from '#api/hooks.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { useSmallScreen } from '#shared/DataTable.tsx';
import { formatDate, formatDateTime } from '#shared/format.ts';
import { EnquiryStatusBadge, paxText } from './status.tsx';
import { Drawer } from '#shared/Modal.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {children}
      </Text>
    </div>
  );
}

/** The status change: the statuses it may move to (one way), a note (required), the version it was read at. */
function StatusForm({ enquiry }: { enquiry: TEnquiry }) {
  const options = nextStatuses(enquiry.status);
  const request = (v: { status: EnquiryStatus | ''; note: string }) => ({
    id: enquiry.id,
    version: enquiry.version,
    ...v,
  });
  const resolver = schemaResolver(updateEnquiryStatus.request, { sync: true });
  const form = useForm<{ status: EnquiryStatus | ''; note: string }>({
    initialValues: { status: options[0] ?? '', note: '' },
    validate: (v) => resolver(request(v)),
  });
  const save = useAction(updateEnquiryStatus, {
    form,
    success: ENQUIRY_MSG.statusChanged,
    revalidate: [listEnquiries, getEnquiry],
    onSuccess: (updated) => form.setValues({ status: nextStatuses(updated.status)[0] ?? '', note: '' }),
  });
  if (!options.length)
    return (
      <Text size="sm" c="dimmed">
        This enquiry is {ENQUIRY_STATUS_LABELS[enquiry.status].toLowerCase()}: its status is final.
      </Text>
    );
  return (
    <form
      noValidate
      aria-label="Change status"
      onSubmit={form.onSubmit((v) => void save.run(request(v) as Parameters<typeof save.run>[0]))}
    >
      <Stack gap="sm">
        <Select
          label="New status"
          required
          allowDeselect={false}
          data={options.map((s) => ({ value: s, label: ENQUIRY_STATUS_LABELS[s] }))}
          {...form.getInputProps('status')}
        />
        <Textarea
          label="Note"
          required
          rows={3}
          placeholder="What happened: called, sent a quote, reason lost…"
          {...form.getInputProps('note')}
        />
        <Button type="submit" loading={save.busy} style={{ alignSelf: 'flex-start' }}>
          Update status
        </Button>
      </Stack>
    </form>
  );
}

function EnquiryDetail({ enquiry: e }: { enquiry: TEnquiry }) {
  const pax = paxText(e.adults, e.children);
  return (
    <Stack gap="md">
      <Group gap="xs">
        <EnquiryStatusBadge status={e.status} />
        <Text size="sm" c="dimmed">
          {ENQUIRY_KIND_LABELS[e.kind]} · received {formatDateTime(e.createdAt)}
        </Text>
      </Group>
      <Field label="About">{e.subjectTitle}</Field>
      <Field label="From">{e.name}</Field>
      <Group gap="xl" align="flex-start">
        <Field label="Email">
          <Anchor href={`mailto:${e.email}`} size="sm">
            {e.email}
          </Anchor>
        </Field>
        <Field label="Phone">
          <Anchor href={`tel:${e.phone.replace(/[^0-9+]/g, '')}`} size="sm">
            {e.phone}
          </Anchor>
        </Field>
      </Group>
      {(e.travelDate || pax) && (
        <Group gap="xl" align="flex-start">
          {e.travelDate && <Field label="Travel date">{formatDate(e.travelDate)}</Field>}
          {pax && <Field label="Travellers">{pax}</Field>}
        </Group>
      )}
      <Field label="Message">{e.message}</Field>
      <Divider />
      <Title order={3} size="h5">
        History
      </Title>
      <Timeline bulletSize={14} lineWidth={2} active={e.history.length}>
        <Timeline.Item title="Received">
          <Text size="xs" c="dimmed">
            {formatDateTime(e.createdAt)}
          </Text>
        </Timeline.Item>
        {e.history.map((h) => (
          <Timeline.Item key={h.at} title={`${ENQUIRY_STATUS_LABELS[h.from]} → ${ENQUIRY_STATUS_LABELS[h.to]}`}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {h.note}
            </Text>
            <Text size="xs" c="dimmed">
              {h.by} · {formatDateTime(h.at)}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
      <Divider />
      <StatusForm key={e.version} enquiry={e} />
    </Stack>
  );
}

/** One enquiry beside the list: its details, its history and the status change. */
export function EnquiryDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const small = useSmallScreen();
  const enquiry = useApi(getEnquiry, id ? { id } : null);
  return (
    <Drawer
      opened={!!id}
      onClose={onClose}
      position="right"
      size={small ? '100%' : 'md'}
      // The drawer's title is its heading already (an h2): a Title inside it would nest one heading in another.
      title="Enquiry"
      closeButtonProps={{ 'aria-label': 'Close the enquiry' }}
    >
      {id && (
        <AsyncContent
          data={enquiry.data}
          error={enquiry.error}
          onRetry={() => void enquiry.mutate()}
          loadingLabel="Loading the enquiry"
        >
          {(e) => <EnquiryDetail enquiry={e} />}
        </AsyncContent>
      )}
    </Drawer>
  );
}
