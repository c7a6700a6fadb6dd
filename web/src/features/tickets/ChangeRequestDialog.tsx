import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Group, Select, Spoiler, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm, type FormErrors } from '@mantine/form';
import { changeRequest, getCancellationCharges } from '@tp/contracts/endpoints/tickets';
import * as MSG from '@tp/contracts/messages';
import type { TCancellationCharges, TTicketView } from '@tp/contracts/endpoints/tickets';
import {
  CR_TYPE,
  CR_TYPE_LABELS,
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
import { Modal } from '#shared/Modal.tsx';
import { RefundBreakdownTable } from './RefundBreakdownTable.tsx';

const EMPTY: CrForm = {
  requestType: null,
  sectors: [],
  passengers: [],
  remarks: '',
  flightCancelled: false,
  policyAccepted: false,
};

/** The request's fields (as the server names them in a 400) → the form's. */
const FIELDS: Record<string, keyof CrForm> = {
  RequestType: 'requestType',
  Sectors: 'sectors',
  TicketId: 'passengers',
  Remarks: 'remarks',
};
const field = (path: string): string => FIELDS[path.split('.')[0]!] ?? path;
const renamed = (errors: FormErrors): FormErrors =>
  Object.fromEntries(Object.entries(errors).map(([path, message]) => [field(path), message]));

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
  // The selection rules are the domain's (the server applies them too); the request the form makes is
  // checked by the contract's schema, its fields named back to the form's.
  const payload = (v: CrForm, requestType: CrType) => crPayload(t.bookingId, { ...v, requestType }, sectors, pax);
  const form = useForm<CrForm>({
    initialValues: EMPTY,
    validate: (v) => ({
      ...(v.requestType
        ? renamed(schemaResolver(changeRequest.request, { sync: true })(payload(v, v.requestType)))
        : {}),
      ...crErrors(v, MSG.required),
    }),
  });
  // After the first Send, the errors follow the form as it changes (not only at the next Send).
  const [tried, setTried] = useState(false);
  const { values } = form;
  useEffect(() => {
    if (tried) form.validate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `form` is a new object each render
  }, [tried, values]);
  const [charges, setCharges] = useState<TCancellationCharges | null>(null);
  const layout = crLayout(values.requestType, sectors, pax);

  const sending = useAction(changeRequest, { success: 'Change request sent', form, field, onSuccess: onSent });
  const charging = useAction(getCancellationCharges, { form, field, onSuccess: setCharges });
  const busy = sending.busy || charging.busy;

  const send = async () => {
    if (values.requestType) await sending.run(payload(values, values.requestType));
  };

  const submit = form.onSubmit(
    (v) => {
      setTried(true);
      if (!v.requestType) return;
      if (v.requestType === CR_TYPE.reissue) return void send();
      const { TicketId } = payload(v, v.requestType);
      void charging.run({ BookingId: t.bookingId, RequestType: v.requestType, ...(TicketId ? { TicketId } : {}) });
    },
    () => setTried(true),
  );

  return (
    <Modal opened onClose={onClose} title={`Change Request · PNR ${t.pnr}`} size="lg">
      {charges ? (
        <Stack>
          {charges.breakdown ? (
            <RefundBreakdownTable breakdown={charges.breakdown} caption="Cancellation charges and refund" />
          ) : (
            <Alert color="yellow" title="Cancellation charges">
              <Text>Cancellation charge: {formatMoney(charges.cancellationCharge, charges.currency)}</Text>
              <Text>Refund: {formatMoney(charges.refundAmount, charges.currency)}</Text>
            </Alert>
          )}
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
        <form onSubmit={submit} noValidate>
          <Stack>
            <Select
              label="Request type"
              required
              data={Object.entries(CR_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
              value={values.requestType ? String(values.requestType) : null}
              onChange={(v) => v && form.setValues(withRequestType(values, Number(v) as CrType, sectors, pax))}
              error={form.errors.requestType}
            />
            <Checkbox
              label="The airline cancelled the flight"
              {...form.getInputProps('flightCancelled', { type: 'checkbox' })}
            />
            {!layout.sectorsHidden && (
              <Checkbox.Group label="Sectors" required {...form.getInputProps('sectors')}>
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
              {...form.getInputProps('passengers')}
              value={values.passengers.map(String)}
              onChange={(v) => form.setFieldValue('passengers', v.map(Number))}
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
            <Textarea label="Remarks" required rows={3} {...form.getInputProps('remarks')} />
            <Spoiler maxHeight={60} showLabel="Show fare rules" hideLabel="Hide">
              {t.fareRules.map((r, i) => (
                <Text key={i} size="sm">
                  {r.origin}–{r.destination}: {r.fareRuleDetail}
                </Text>
              ))}
            </Spoiler>
            <Checkbox
              label="I accept the cancellation policy and fare rules"
              {...form.getInputProps('policyAccepted', { type: 'checkbox' })}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={!values.policyAccepted} loading={busy}>
                Send
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
