import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Select, Spoiler, Stack, Text, Textarea } from '@mantine/core';
import { changeRequest, getCancellationCharges } from '@tp/contracts/endpoints/tickets';
import { MSG } from '@tp/contracts/messages';
import type { TTicketView } from '@tp/contracts/tickets';
import {
  CR_TYPE,
  CR_TYPE_LABELS,
  canSend,
  crErrors,
  crLayout,
  crPayload,
  sectorKey,
  withRequestType,
  type CrForm,
  type CrType,
} from '@tp/domain/change-request';
import { useAction } from '#api/action.ts';
import { formatMoney } from '#shared/format.ts';

const EMPTY: CrForm = {
  requestType: null,
  sectors: [],
  passengers: [],
  remarks: '',
  flightCancelled: false,
  policyAccepted: false,
};

/** Change Request dialog (spec 000 §4, §5): Refund, Partial Refund or Reissue, with the charges step for refunds. */
export function ChangeRequestDialog({
  ticket: t,
  onClose,
  onSent,
}: {
  ticket: TTicketView;
  onClose: () => void;
  onSent: () => void;
}) {
  const sectors = t.segments
    .flat()
    .map((s) => ({ origin: s.originAirportCode, destination: s.destinationAirportCode }));
  const pax = t.passengers.map((p) => ({ paxIndex: p.paxIndex, ticketId: p.ticket?.ticketId ?? null }));
  const [form, setForm] = useState<CrForm>(EMPTY);
  const [touched, setTouched] = useState(false);
  const [charges, setCharges] = useState<{ refundAmount: number; cancellationCharge: number; currency: string } | null>(
    null,
  );
  const layout = crLayout(form.requestType, sectors, pax);
  const errors = touched ? crErrors(form, MSG.required) : {};

  const sending = useAction(changeRequest, { success: 'Change request sent', onSuccess: onSent });
  const charging = useAction(getCancellationCharges, { onSuccess: setCharges });
  const busy = sending.busy || charging.busy;

  const send = async () => {
    if (!form.requestType) return;
    await sending.run(crPayload(t.bookingId, { ...form, requestType: form.requestType }, sectors, pax));
  };

  const submit = async () => {
    setTouched(true);
    if (!canSend(form, MSG.required) || !form.requestType) return;
    if (form.requestType === CR_TYPE.reissue) return send();
    const payload = crPayload(t.bookingId, { ...form, requestType: form.requestType }, sectors, pax);
    await charging.run({
      BookingId: t.bookingId,
      RequestType: form.requestType,
      ...(payload.TicketId ? { TicketId: payload.TicketId } : {}),
    });
  };

  return (
    <Modal opened onClose={onClose} title={`Change Request · PNR ${t.pnr}`} size="lg">
      {charges ? (
        <Stack>
          <Alert color="yellow" title="Cancellation charges">
            <Text>Cancellation charge: {formatMoney(charges.cancellationCharge, charges.currency)}</Text>
            <Text>Refund: {formatMoney(charges.refundAmount, charges.currency)}</Text>
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setCharges(null)}>
              Back
            </Button>
            <Button color="red" loading={busy} onClick={send}>
              Accept and Send Cancellation Request
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Select
            label="Request type"
            required
            data={Object.entries(CR_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
            value={form.requestType ? String(form.requestType) : null}
            onChange={(v) => v && setForm(withRequestType(form, Number(v) as CrType, sectors, pax))}
            error={errors.requestType}
          />
          <Checkbox
            label="The airline cancelled the flight"
            checked={form.flightCancelled}
            onChange={(e) => setForm({ ...form, flightCancelled: e.currentTarget.checked })}
          />
          {!layout.sectorsHidden && (
            <Checkbox.Group
              label="Sectors"
              required
              value={form.sectors}
              onChange={(v) => setForm({ ...form, sectors: v })}
              error={errors.sectors}
            >
              <Group mt="xs">
                {sectors.map((s) => (
                  <Checkbox
                    key={sectorKey(s)}
                    value={sectorKey(s)}
                    label={`${s.origin} → ${s.destination}`}
                    disabled={layout.sectorsLocked}
                  />
                ))}
              </Group>
            </Checkbox.Group>
          )}
          <Checkbox.Group
            label="Passengers"
            required
            value={form.passengers.map(String)}
            onChange={(v) => setForm({ ...form, passengers: v.map(Number) })}
            error={errors.passengers}
          >
            <Group mt="xs">
              {t.passengers.map((p) => (
                <Checkbox
                  key={p.paxIndex}
                  value={String(p.paxIndex)}
                  label={`${p.firstName} ${p.lastName}`}
                  disabled={layout.passengersLocked}
                />
              ))}
            </Group>
          </Checkbox.Group>
          <Textarea
            label="Remarks"
            required
            rows={3}
            value={form.remarks}
            onChange={(e) => setForm({ ...form, remarks: e.currentTarget.value })}
            error={errors.remarks}
          />
          <Spoiler maxHeight={60} showLabel="Show fare rules" hideLabel="Hide">
            {t.fareRules.map((r, i) => (
              <Text key={i} size="sm">
                {r.origin}–{r.destination}: {r.fareRuleDetail}
              </Text>
            ))}
          </Spoiler>
          <Checkbox
            label="I accept the cancellation policy and fare rules"
            checked={form.policyAccepted}
            onChange={(e) => setForm({ ...form, policyAccepted: e.currentTarget.checked })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={submit} disabled={!form.policyAccepted} loading={busy}>
              Send
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
