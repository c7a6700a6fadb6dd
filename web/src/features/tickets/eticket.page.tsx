import { useDeferredValue, useEffect, useState } from 'react';
import { Alert, Button, Center, Group, Image, Loader, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useParams, useSearchParams } from 'react-router-dom';
import { PAX_CODE, PAX_NAME } from '@tp/contracts/endpoints/flights';
import {
  getTicketDetail,
  parseTicketSlug,
  sendEmailForWl,
  type TETicket,
  updateBookingDetails,
} from '@tp/contracts/endpoints/tickets';
import * as MSG from '@tp/contracts/messages';
import { fareSplitLines } from '@tp/domain/eticket-fare';
import { useAction } from '#api/action.ts';
import { useApi } from '#api/hooks.ts';
import { formatDateTime, formatMoney, statusLabel } from '#shared/format.ts';
import { useSite } from '#shared/site.tsx';
import { ShareLinks } from '#shared/ShareLinks.tsx';
import { TestInventoryBadge } from '#shared/TestInventoryBadge.tsx';
import { InvoiceLink } from '#features/invoices/index.ts';
import { Barcode } from './Barcode.tsx';
import './eticket.css';
import { FormFooter } from '#shared/FormFooter.tsx';
import { Modal } from '#shared/Modal.tsx';

type Edit = 'markup' | 'discount' | 'email' | null;

/** /flight/eTicket/:bookingSlug — the public e-ticket (query pax, print, hp). */
export default function ETicketPage() {
  const { bookingSlug = '' } = useParams();
  const [params] = useSearchParams();
  const ref = parseTicketSlug(bookingSlug);
  const { data: fresh, error, mutate } = useApi(getTicketDetail, ref);
  // The ticket renders in an interruptible pass: SWR's answer arrives as a synchronous update, and the
  // whole ticket (passengers, segments, barcodes, fare) in it was one long task.
  const data = useDeferredValue(fresh);
  const paxParam = params.get('pax');
  const pax = paxParam === null || paxParam === '' ? undefined : Number(paxParam);
  const print = params.get('print') === 'true';
  const [showPrice, setShowPrice] = useState(params.get('hp') !== 'true' && params.get('hp') !== '1');
  const [edit, setEdit] = useState<Edit>(null);

  useEffect(() => {
    if (!print || !data) return;
    // Give the lazily drawn barcodes a moment before the print dialog.
    const t = setTimeout(() => window.print(), 800);
    return () => clearTimeout(t);
  }, [print, data]);

  if (!ref) return <Alert color="red">This e-ticket link is not valid.</Alert>;
  if (!data)
    return error ? (
      <Alert color="red">This e-ticket could not be found.</Alert>
    ) : (
      <Center py="xl">
        <Loader aria-label="Loading e-ticket" />
      </Center>
    );

  // Prices are forced hidden when the viewer may not see them (no login, or someone else's booking).
  const pricesShown = showPrice && !!data.fare;
  // The page as it is shown now (a passenger's copy, prices hidden or not), never the print view.
  const shareParams = new URLSearchParams(params);
  shareParams.delete('print');
  shareParams.set('hp', pricesShown ? 'false' : 'true');
  const shareUrl = `${window.location.origin}${window.location.pathname}?${shareParams}`;
  const printUrl = () => {
    const next = new URLSearchParams(params);
    next.set('print', 'true');
    next.set('hp', pricesShown ? 'false' : 'true');
    window.open(`${window.location.pathname}?${next}`, '_blank', 'noopener');
  };

  return (
    <Stack className="eticket" gap="md">
      <Group className="eticket-actions" gap="xs" wrap="wrap">
        {data.canAdjustPrice && (
          <>
            <Button variant="light" onClick={() => setEdit('markup')}>
              {data.agentMarkup ? 'Update Markup' : 'Add Markup'}
            </Button>
            <Button variant="light" onClick={() => setEdit('discount')}>
              {data.agentDiscount ? 'Update Discount' : 'Add Discount'}
            </Button>
          </>
        )}
        <Button variant="light" disabled={!data.fare} onClick={() => setShowPrice((s) => !s)}>
          {pricesShown ? 'Hide Price' : 'Show Price'}
        </Button>
        <Button variant="light" onClick={printUrl}>
          Print
        </Button>
        {data.canEdit && (
          <Button variant="light" onClick={() => setEdit('email')}>
            Email
          </Button>
        )}
        {/* The booking's GST invoice: its customer and staff. */}
        {data.canEdit && <InvoiceLink source="booking" sourceId={data.bookingId} variant="button" />}
        <ShareLinks url={shareUrl} title={`E-ticket ${data.pnr}`} />
      </Group>
      <ETicketBody ticket={data} pax={pax} pricesShown={pricesShown} />
      {edit === 'markup' || edit === 'discount' ? (
        <AmountDialog
          kind={edit}
          ticket={data}
          onClose={() => setEdit(null)}
          onSaved={(t) => {
            void mutate(t, { revalidate: false });
            setEdit(null);
          }}
        />
      ) : null}
      {edit === 'email' && (
        <EmailDialog ticket={data} pax={pax} hidePrice={!pricesShown} onClose={() => setEdit(null)} />
      )}
    </Stack>
  );
}

function ETicketBody({
  ticket: t,
  pax,
  pricesShown,
}: {
  ticket: TETicket;
  pax: number | undefined;
  pricesShown: boolean;
}) {
  const site = useSite();
  const passengers = t.passengers.filter((p) => pax === undefined || p.paxIndex === pax);
  const fare = pricesShown ? t.fare : null;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Group gap="sm">
          {(t.agency.logoUrl || site?.logoUrl) && (
            <Image src={t.agency.logoUrl || site?.logoUrl} alt="" h={40} w="auto" fit="contain" />
          )}
          <Stack gap={0}>
            <Title order={1} size="h3">
              {t.agency.name}
            </Title>
            <Text size="sm" c="dimmed">
              {[t.agency.email, t.agency.phone].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
        </Group>
        <Stack gap={0} ta="right">
          <Group gap="xs" justify="flex-end">
            <TestInventoryBadge of={t} />
            <Text fw={700}>E-ticket</Text>
          </Group>
          <Text size="sm">PNR {t.pnr}</Text>
          <Text size="sm">Booking {t.bookingId}</Text>
          <Text size="sm">{statusLabel(t.displayStatus)}</Text>
          <Text size="sm">Booked on {formatDateTime(t.createdAt)}</Text>
        </Stack>
      </Group>
      <section aria-label="Flights">
        <Title order={2} size="h4" mb="xs">
          Flights
        </Title>
        <table>
          <thead>
            <tr>
              <th>Flight</th>
              <th>Departure</th>
              <th>Arrival</th>
              <th>Class / baggage</th>
            </tr>
          </thead>
          <tbody>
            {t.segments.flat().map((s, i) => (
              <tr key={i}>
                <td>
                  {s.airlineName} {s.airlineCode} {s.flightNumber}
                </td>
                <td>
                  {s.originCityName} ({s.originAirportCode}){s.originTerminal ? ` T${s.originTerminal}` : ''}
                  <br />
                  {formatDateTime(s.departureTime)}
                </td>
                <td>
                  {s.destinationCityName} ({s.destinationAirportCode})
                  {s.destinationTerminal ? ` T${s.destinationTerminal}` : ''}
                  <br />
                  {formatDateTime(s.arrivalTime)}
                </td>
                <td>
                  {s.fareClass} · {s.baggage}
                  {s.cabinBaggage ? ` (cabin ${s.cabinBaggage})` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-label="Passengers">
        <Title order={2} size="h4" mb="xs">
          Passengers
        </Title>
        <Stack gap="sm">
          {passengers.map((p) => (
            <div className="eticket-pax" key={p.paxIndex}>
              <Text fw={600}>
                {p.title} {p.firstName} {p.lastName} ({PAX_CODE[p.paxType as 1 | 2 | 3]})
              </Text>
              <Text size="sm">Ticket number: {p.ticket?.ticketNumber ?? 'Not ticketed yet'}</Text>
              {p.extras.length > 0 && (
                <Text size="sm">{p.extras.map((x) => `${x.sector} ${x.kind} ${x.text}`).join(' · ')}</Text>
              )}
              <Barcode text={p.barcode} label={`Boarding barcode of ${p.firstName} ${p.lastName}`} />
            </div>
          ))}
        </Stack>
      </section>
      {fare && (
        <section aria-label="Fare">
          <Title order={2} size="h4" mb="xs">
            Fare
          </Title>
          <table>
            <tbody>
              {fareSplitLines(fare).map((l) => (
                <FareRow key={l.label} label={l.label} value={l.amount} currency={fare.currency} />
              ))}
              <tr>
                <th>Total</th>
                <th data-testid="eticket-total">{formatMoney(fare.totalFare, fare.currency)}</th>
              </tr>
            </tbody>
          </table>
          {t.paxTypes.length > 0 && (
            <table aria-label="Fare per passenger type" className="eticket-pax-types">
              <tbody>
                {t.paxTypes.map((p) => (
                  <tr key={p.passengerType}>
                    <td>
                      {PAX_NAME[p.passengerType as 1 | 2 | 3] ?? 'Passenger'} × {p.count}
                    </td>
                    <td>
                      {formatMoney(p.totalFare, fare.currency)} each (taxes {formatMoney(p.tax, fare.currency)})
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
      {t.fareRules.length > 0 && (
        <section aria-label="Fare rules">
          <Title order={2} size="h4" mb="xs">
            Fare rules
          </Title>
          {t.fareRules.map((r, i) => (
            <Text key={i} size="xs">
              {r.origin}–{r.destination} ({r.airline}): {r.fareRuleDetail}
            </Text>
          ))}
        </section>
      )}
    </Stack>
  );
}

const FareRow = ({ label, value, currency }: { label: string; value: number; currency: string }) => (
  <tr>
    <td>{label}</td>
    <td>{formatMoney(value, currency)}</td>
  </tr>
);

function AmountDialog({
  kind,
  ticket,
  onClose,
  onSaved,
}: {
  kind: 'markup' | 'discount';
  ticket: TETicket;
  onClose: () => void;
  onSaved: (t: TETicket) => void;
}) {
  const label = kind === 'markup' ? 'Markup' : 'Discount';
  // An emptied field saves 0, as before; the contract's schema checks the rest.
  const request = (v: Partial<Record<typeof kind, number | string>>) => ({
    bookingId: ticket.bookingId,
    [kind]: Number(v[kind]) || 0,
  });
  const form = useForm<Partial<Record<typeof kind, number | string>>>({
    initialValues: { [kind]: (kind === 'markup' ? ticket.agentMarkup : ticket.agentDiscount) ?? 0 },
    validate: (v) => schemaResolver(updateBookingDetails.request, { sync: true })(request(v)),
  });
  const saving = useAction(updateBookingDetails, { success: 'Booking details saved', form, onSuccess: onSaved });
  const submit = form.onSubmit((v) => void saving.run(request(v)));
  return (
    <Modal opened onClose={onClose} title={`${label} on this e-ticket`}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <NumberInput label={label} min={0} decimalScale={2} {...form.getInputProps(kind)} data-autofocus />
          <FormFooter onCancel={onClose} busy={saving.busy} />
        </Stack>
      </form>
    </Modal>
  );
}

function EmailDialog({
  ticket,
  pax,
  hidePrice,
  onClose,
}: {
  ticket: TETicket;
  pax: number | undefined;
  hidePrice: boolean;
  onClose: () => void;
}) {
  const site = useSite();
  // The form holds the address; the rest of the request is this e-ticket's.
  const request = ({ to }: { to: string }) => ({
    name: ticket.agency.name,
    to: to.trim(),
    subject: `E-ticket ${ticket.pnr}`,
    ...(site?._id ? { siteId: site._id } : {}),
    bookingId: ticket.bookingId,
    pnr: ticket.pnr,
    hidePrice,
    ...(pax === undefined ? {} : { pax }),
  });
  const form = useForm({
    initialValues: { to: '' },
    validate: (v) => schemaResolver(sendEmailForWl.request, { sync: true })(request(v)),
  });
  const mail = useAction(sendEmailForWl, { success: MSG.emailSent, form, onSuccess: onClose });
  const submit = form.onSubmit((v) => void mail.run(request(v)));
  return (
    <Modal opened onClose={onClose} title="Email this e-ticket">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Email" type="email" {...form.getInputProps('to')} data-autofocus />
          <FormFooter onCancel={onClose} busy={mail.busy} label="Send" />
        </Stack>
      </form>
    </Modal>
  );
}
