import { useState } from 'react';
import { Badge, Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  acceptChangeRequest,
  approveChangeRequestRefund,
  recordChangeRequestOutcome,
  rejectChangeRequest,
  TICKET_MSG,
  type TTicketView,
} from '@tp/contracts/endpoints/tickets';
import { CR_TYPE_LABELS, type CrType } from '@tp/domain/change-request';
import { bookingRefundBreakdown } from '@tp/domain/refund';
import { useAction } from '#api/action.ts';
import { AmountInput, amountValue } from '#shared/AmountInput.tsx';
import { formatMoney, statusLabel } from '#shared/format.ts';
import { Modal } from '#shared/Modal.tsx';
import { useStoredSite } from '#lib/state.ts';
import { RefundBreakdownTable } from './RefundBreakdownTable.tsx';

type Cr = TTicketView['ticketCRInfo'][number];
const FINAL = new Set(['Completed', 'Rejected', 'Closed']);

/**
 * The back office's handling of a booking's open change requests, for staff holding
 * `flights.processChangeRequests`: Accept, Reject with a reason, Record the supplier's outcome, Approve the refund
 * (its breakdown shown first; the amount approved is the one credited). One row per request.
 */
export function ChangeRequestActions({ ticket: t, onChanged }: { ticket: TTicketView; onChanged: () => void }) {
  const open = t.ticketCRInfo.filter((c) => !FINAL.has(c.status) && !c.creditedAt);
  if (!open.length) return null;
  return (
    <Stack gap={6} aria-label="Change requests to process" role="group">
      {open.map((cr) => (
        <CrRow key={cr.changeRequestId} ticket={t} cr={cr} onChanged={onChanged} />
      ))}
    </Stack>
  );
}

function CrRow({ ticket: t, cr, onChanged }: { ticket: TTicketView; cr: Cr; onChanged: () => void }) {
  const [dialog, setDialog] = useState<'reject' | 'outcome' | 'approve' | null>(null);
  const ref = { BookingId: t.bookingId, ChangeRequestId: cr.changeRequestId };
  const done = () => {
    setDialog(null);
    onChanged();
  };
  const accepting = useAction(acceptChangeRequest, { success: TICKET_MSG.crAccepted, onSuccess: done });
  const pax = t.passengers.find((p) => p.ticket && p.ticket.ticketId === cr.ticketId);
  const subject = `change request ${cr.changeRequestId}`;
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" fw={600}>
        {CR_TYPE_LABELS[cr.requestType as CrType] ?? 'Change'} {cr.changeRequestId}
        {pax ? ` · ${pax.firstName} ${pax.lastName}` : ''}
      </Text>
      <Badge size="sm" variant="light">
        {statusLabel(cr.status)}
      </Badge>
      {cr.acceptedBy && (
        <Text size="xs" c="dimmed">
          accepted by {cr.acceptedBy}
        </Text>
      )}
      {!cr.acceptedBy && (
        <Button
          size="xs"
          loading={accepting.busy}
          aria-label={`Accept ${subject}`}
          onClick={() => void accepting.run(ref)}
        >
          Accept
        </Button>
      )}
      {cr.acceptedBy && (
        <Button
          size="xs"
          variant="light"
          aria-label={`Record outcome of ${subject}`}
          onClick={() => setDialog('outcome')}
        >
          Record outcome
        </Button>
      )}
      {cr.outcome && cr.requestType !== 3 && (
        <Button
          size="xs"
          color="green"
          aria-label={`Approve refund of ${subject}`}
          onClick={() => setDialog('approve')}
        >
          Approve refund
        </Button>
      )}
      <Button
        size="xs"
        color="red"
        variant="subtle"
        aria-label={`Reject ${subject}`}
        onClick={() => setDialog('reject')}
      >
        Reject
      </Button>
      {dialog === 'reject' && <RejectDialog reference={ref} onClose={() => setDialog(null)} onDone={done} />}
      {dialog === 'outcome' && <OutcomeDialog ticket={t} cr={cr} onClose={() => setDialog(null)} onDone={done} />}
      {dialog === 'approve' && cr.outcome && (
        <ApproveDialog ticket={t} cr={cr} outcome={cr.outcome} onClose={() => setDialog(null)} onDone={done} />
      )}
    </Group>
  );
}

interface Ref {
  BookingId: string;
  ChangeRequestId: string;
}

function RejectDialog({ reference, onClose, onDone }: { reference: Ref; onClose: () => void; onDone: () => void }) {
  const form = useForm({
    initialValues: { Reason: '' },
    validate: (v) => schemaResolver(rejectChangeRequest.request, { sync: true })({ ...reference, ...v }),
  });
  const rejecting = useAction(rejectChangeRequest, { success: TICKET_MSG.crRejected, form, onSuccess: onDone });
  return (
    <Modal opened onClose={onClose} title={`Reject change request ${reference.ChangeRequestId}`} centered>
      <form noValidate onSubmit={form.onSubmit((v) => void rejecting.run({ ...reference, ...v }))}>
        <Stack gap="sm">
          <Textarea label="Reason" required rows={3} data-autofocus {...form.getInputProps('Reason')} />
          <Text size="sm" c="dimmed">
            Nothing is refunded; the customer sees the request rejected with this reason.
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={rejecting.busy}>
              Reject request
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function OutcomeDialog({
  ticket: t,
  cr,
  onClose,
  onDone,
}: {
  ticket: TTicketView;
  cr: Cr;
  onClose: () => void;
  onDone: () => void;
}) {
  const reissue = cr.requestType === 3;
  const tickets = t.passengers.filter((p) => p.ticket && (cr.ticketId === null || p.ticket.ticketId === cr.ticketId));
  interface Values {
    CancellationCharge: number | string;
    RefundAmount: number | string;
    numbers: string[];
  }
  // The request the form makes, checked by the contract's schema (one rule set for client and server).
  const request = (v: Values) => ({
    BookingId: t.bookingId,
    ChangeRequestId: cr.changeRequestId,
    CancellationCharge: amountValue(v.CancellationCharge),
    RefundAmount: amountValue(v.RefundAmount),
    ...(reissue
      ? {
          NewTicketNumbers: tickets
            .map((p, i) => ({ TicketId: p.ticket!.ticketId, TicketNumber: (v.numbers[i] ?? '').trim() }))
            .filter((n) => n.TicketNumber),
        }
      : {}),
  });
  const form = useForm<Values>({
    initialValues: {
      CancellationCharge: cr.outcome?.cancellationCharge ?? cr.cancellationCharge ?? '',
      RefundAmount: reissue ? 0 : (cr.outcome?.refundAmount ?? ''),
      numbers: tickets.map(() => ''),
    },
    validate: (v) => schemaResolver(recordChangeRequestOutcome.request, { sync: true })(request(v)),
  });
  const saving = useAction(recordChangeRequestOutcome, {
    success: TICKET_MSG.crOutcomeSaved,
    form,
    onSuccess: onDone,
  });
  return (
    <Modal opened onClose={onClose} title={`Supplier's outcome · change request ${cr.changeRequestId}`} centered>
      <form noValidate onSubmit={form.onSubmit((v) => void saving.run(request(v) as Parameters<typeof saving.run>[0]))}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            What the supplier confirmed for this request (offline or a manual supplier).
          </Text>
          <AmountInput
            label={reissue ? 'Change fee (₹)' : 'Cancellation charge (₹)'}
            min={0}
            data-autofocus
            {...form.getInputProps('CancellationCharge')}
          />
          {!reissue && (
            <AmountInput label="Refund from the supplier (₹)" min={0} {...form.getInputProps('RefundAmount')} />
          )}
          {reissue &&
            tickets.map((p, i) => (
              <TextInput
                key={p.paxIndex}
                label={`New ticket number of ${p.firstName} ${p.lastName}`}
                required
                {...form.getInputProps(`numbers.${i}`)}
                error={form.errors[`numbers.${i}`] ?? (i === 0 ? form.errors.NewTicketNumbers : undefined)}
              />
            ))}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving.busy}>
              Save outcome
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function ApproveDialog({
  ticket: t,
  cr,
  outcome,
  onClose,
  onDone,
}: {
  ticket: TTicketView;
  cr: Cr;
  outcome: NonNullable<Cr['outcome']>;
  onClose: () => void;
  onDone: () => void;
}) {
  const reseller = useStoredSite()?.companyName || 'the reseller';
  // The same rule the server credits by: the amount approved is this breakdown's refund (else 409, nothing credited).
  const breakdown = bookingRefundBreakdown(
    t,
    cr.ticketId ? [cr.ticketId] : null,
    { charge: outcome.cancellationCharge, refund: outcome.refundAmount },
    reseller,
  );
  const approving = useAction(approveChangeRequestRefund, {
    success: TICKET_MSG.crApproved,
    onSuccess: onDone,
  });
  return (
    <Modal opened onClose={onClose} title={`Approve refund · change request ${cr.changeRequestId}`} size="lg" centered>
      <Stack gap="sm">
        <RefundBreakdownTable breakdown={breakdown} caption="Refund to approve" />
        <Text size="sm" c="dimmed">
          Outcome recorded by {outcome.recordedBy}. Approving credits the refund once; it cannot be undone.
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="green"
            loading={approving.busy}
            onClick={() =>
              void approving.run({
                BookingId: t.bookingId,
                ChangeRequestId: cr.changeRequestId,
                Amount: breakdown.refund,
              })
            }
          >
            Approve and credit {formatMoney(breakdown.refund, breakdown.currency)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
