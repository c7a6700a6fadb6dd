import { useState } from 'react';
import { Button, Group, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  getTaxIdReviews,
  TAX_ID_STATUSES,
  verifyTaxId,
  ZTaxIdDecision,
  type TaxIdStatus,
  type TTaxIdReview,
} from '@tp/contracts/endpoints/kyc';
import { useAction } from '#api/action.ts';
import { CursorPager, useCursorPages } from '#shared/cursor-pages.tsx';
import { DataTable, type Column } from '#shared/DataTable.tsx';
import { formatDateTime } from '#shared/format.ts';
import { StatusBadge } from '#shared/StatusBadge.tsx';
import { Modal } from '#shared/Modal.tsx';

const LABEL: Record<TaxIdStatus, string> = { pending: 'Pending', verified: 'Verified', rejected: 'Rejected' };
const DOCUMENT = { pan: 'PAN', gst: 'GSTIN' } as const;
const rowKey = (r: TTaxIdReview) => `${r.userId}:${r.document}`;

/**
 * /staff/verifyPanCard: the PAN and GSTIN numbers customers gave on their billing page, by review state,
 * with the format check (PAN shape, GSTIN check digit). Staff mark each verified, or rejected with a reason
 * the customer then reads. Existence and the holder's name cannot be checked without a licensed provider
 * (docs/site-settings.md), so staff decide from the documents the customer sent.
 */
export default function VerifyPanPage() {
  const [status, setStatus] = useState<TaxIdStatus>('pending');
  const list = useCursorPages(getTaxIdReviews, { status });
  const [rejecting, setRejecting] = useState<TTaxIdReview | null>(null);
  // The toast is the server's message ('PAN marked verified', 'GSTIN rejected').
  const deciding = useAction(verifyTaxId, { success: 'Saved', revalidate: [getTaxIdReviews] });

  const verify = (r: TTaxIdReview) =>
    void deciding.run({ userId: r.userId, document: r.document, number: r.number, decision: 'verified', reason: '' });

  const columns: Column<TTaxIdReview>[] = [
    {
      key: 'customer',
      header: 'Customer',
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {r.name || r.email}
          </Text>
          <Text size="xs" c="dimmed">
            {r.email}
          </Text>
          {r.companyName && <Text size="xs">{r.companyName}</Text>}
        </Stack>
      ),
    },
    { key: 'document', header: 'Document', render: (r) => DOCUMENT[r.document], nowrap: true },
    {
      key: 'number',
      header: 'Number',
      nowrap: true,
      render: (r) => (
        <Text size="sm" ff="monospace">
          {r.number}
        </Text>
      ),
    },
    {
      key: 'format',
      header: 'Format check',
      render: (r) =>
        r.formatProblem ? (
          <Text size="sm" c="red.9">
            {r.formatProblem}
          </Text>
        ) : (
          <Text size="sm" c="teal.9">
            Format OK
          </Text>
        ),
    },
    { key: 'submitted', header: 'Submitted', nowrap: true, render: (r) => formatDateTime(r.submittedAt) },
    {
      key: 'status',
      header: 'Status',
      render: (r) => (
        <Stack gap={2}>
          <StatusBadge status={r.status} color={r.status === 'verified' ? 'green' : undefined} />
          {r.reason && <Text size="xs">{r.reason}</Text>}
          {r.decidedBy && r.decidedAt && (
            <Text size="xs" c="dimmed">
              {r.decidedBy.name}, {formatDateTime(r.decidedAt)}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (r) => {
        const label = `${DOCUMENT[r.document]} ${r.number} of ${r.name || r.email}`;
        const busy = deciding.pending?.userId === r.userId && deciding.pending.document === r.document;
        return (
          <Group gap="xs" wrap="nowrap">
            {r.status !== 'verified' && (
              <Button size="xs" onClick={() => verify(r)} loading={busy} aria-label={`Verify ${label}`}>
                Verify
              </Button>
            )}
            {r.status !== 'rejected' && (
              <Button
                size="xs"
                variant="outline"
                color="red.9"
                onClick={() => setRejecting(r)}
                disabled={busy}
                aria-label={`Reject ${label}`}
              >
                Reject
              </Button>
            )}
          </Group>
        );
      },
    },
  ];

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Verify PAN Card
      </Title>
      <Text size="sm" c="dimmed" maw={720}>
        PAN and GST numbers customers give on their billing page. The format check catches typing mistakes; whether a
        number exists and belongs to the customer is for you to confirm from their documents.
      </Text>
      <SegmentedControl
        aria-label="Review state"
        value={status}
        onChange={(v) => setStatus(v as TaxIdStatus)}
        data={TAX_ID_STATUSES.map((s) => ({ value: s, label: LABEL[s] }))}
        w="fit-content"
        maw="100%"
      />
      <DataTable
        label={`${LABEL[status]} PAN and GST numbers`}
        rows={list.data?.records}
        loading={list.isLoading}
        columns={columns}
        rowKey={rowKey}
        empty={`No ${LABEL[status].toLowerCase()} numbers`}
        minWidth={960}
      />
      <CursorPager pages={list} />
      {rejecting && <RejectDialog review={rejecting} onClose={() => setRejecting(null)} />}
    </Stack>
  );
}

function RejectDialog({ review, onClose }: { review: TTaxIdReview; onClose: () => void }) {
  const request = (reason: string) => ({
    userId: review.userId,
    document: review.document,
    number: review.number,
    decision: 'rejected' as const,
    reason,
  });
  const form = useForm({
    initialValues: { reason: '' },
    validate: (values) => schemaResolver(ZTaxIdDecision, { sync: true })(request(values.reason)),
  });
  const rejecting = useAction(verifyTaxId, {
    success: 'Saved',
    form,
    revalidate: [getTaxIdReviews],
    onSuccess: onClose,
  });
  return (
    <Modal opened onClose={onClose} title={`Reject ${DOCUMENT[review.document]} ${review.number}`} centered>
      <form noValidate onSubmit={form.onSubmit((v) => void rejecting.run(request(v.reason.trim())))}>
        <Stack gap="sm">
          <Textarea
            label="Reason"
            description="The customer sees this on their billing page"
            required
            resize="vertical"
            rows={2}
            maxLength={300}
            data-autofocus
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red.9" loading={rejecting.busy}>
              Reject
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
