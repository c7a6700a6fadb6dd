import { Alert, Anchor, Button, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { getBookingDetails, orderSuccessCallback, type TBooking } from '@tp/contracts/endpoints/flights';
import { sourceInvoicePath } from '@tp/contracts/endpoints/invoices';
import { buyTicketExtras, getTicketExtras, type TExtraOffer } from '@tp/contracts/endpoints/ticket-extras';
import * as MSG from '@tp/contracts/messages';
import { useAction } from '#api/action.ts';
import { ApiError, call } from '#api/client.ts';
import { useApi } from '#api/hooks.ts';
import { formatDateTime, formatMoney } from '#shared/format.ts';
import { toastError, toastSuccess } from '#lib/notify.ts';

/** One choice per passenger, kind and journey or flight: a bag, or a seat. */
const slotOf = (x: Pick<TExtraOffer, 'paxIndex' | 'kind' | 'segment'>) => `${x.paxIndex}|${x.kind}|${x.segment}`;

/**
 * Bags and seats after ticketing, on a ticketed booking's page (docs/flights.md "Extras after ticketing"): what the
 * airline sells now, priced for the booker; the chosen ones are paid like a booking (the booker's wallet, or the
 * site's gateway for retail), then shown on the e-ticket; each purchase has its own invoice.
 */
export function BookingExtras({ booking }: { booking: TBooking }) {
  const { data, error, mutate } = useApi(getTicketExtras, { bookingId: booking.bookingId });
  const details = useApi(getBookingDetails, { bookingId: booking.bookingId });
  const [picked, setPicked] = useState<Record<string, string | null>>({});

  const buying = useAction(async (extraIds: string[]) => {
    const total = (data?.extras ?? []).filter((x) => extraIds.includes(x.extraId)).reduce((n, x) => n + x.price, 0);
    const order = await call(buyTicketExtras, {
      bookingId: booking.bookingId,
      extraIds,
      expectedTotal: Math.round(total * 100) / 100,
    }).catch(() => null);
    if (!order) return;
    if (order.paymentMode === 'gateway' && order.status === 'created') {
      if (order.redirectTo) window.location.assign(order.redirectTo);
      else toastError(MSG.paymentUnsuccessful);
      return;
    }
    // A 402 here (wallet short) is said on this screen, not sent to the booking review.
    const done = await call(orderSuccessCallback, { orderId: order.orderId }, { handling: 'none' }).catch(
      (err: unknown) => {
        toastError(err instanceof ApiError && err.envelope ? err.message : MSG.paymentFailed);
        return null;
      },
    );
    if (!done) return;
    toastSuccess('Extras added to the booking');
    setPicked({});
    await Promise.all([mutate(), details.mutate()]);
  });

  if (error && !data)
    return (
      <Alert color="red" title="Could not load bags and seats" role="alert">
        <Button mt="sm" size="xs" onClick={() => void mutate()}>
          Try again
        </Button>
      </Alert>
    );
  if (!data) return <Loader size="sm" aria-label="Loading bags and seats" />;

  const slots = new Map<string, TExtraOffer[]>();
  for (const x of data.extras) slots.set(slotOf(x), [...(slots.get(slotOf(x)) ?? []), x]);
  const chosen = Object.values(picked).filter((id): id is string => !!id);
  const byId = new Map(data.extras.map((x) => [x.extraId, x]));
  const total = chosen.reduce((n, id) => n + (byId.get(id)?.price ?? 0), 0);
  const currency = data.extras[0]?.currency ?? booking.fare.currency;
  const names = (i: number) => {
    const p = booking.passengers[i];
    return p ? `${p.firstName} ${p.lastName}` : `Passenger ${i + 1}`;
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="extras-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="extras-title">
          Bags and seats
        </Title>
        {!data.offered ? (
          <Text size="sm" c="dimmed">
            {data.message}
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              Add checked bags or pick a seat now; prices include our service fee and its GST.
            </Text>
            {[...slots.entries()].map(([slot, offers]) => {
              const first = offers[0]!;
              return (
                <Select
                  key={slot}
                  label={`${names(first.paxIndex)}: ${first.kind === 'seat' ? 'seat' : 'extra bag'} ${first.segment}`}
                  placeholder={first.kind === 'seat' ? 'No seat' : 'No extra bag'}
                  clearable
                  searchable={first.kind === 'seat'}
                  data={offers.map((x) => ({
                    value: x.extraId,
                    label: `${x.description} · ${formatMoney(x.price, x.currency)}`,
                  }))}
                  value={picked[slot] ?? null}
                  onChange={(v) => setPicked((cur) => ({ ...cur, [slot]: v }))}
                />
              );
            })}
            <Group justify="space-between" wrap="wrap">
              <Text fw={700}>Total: {formatMoney(total, currency)}</Text>
              <Button disabled={!chosen.length} loading={buying.busy} onClick={() => void buying.run(chosen)}>
                {booking.user.userType === 'retail' ? 'Pay and add' : 'Add and pay from wallet'}
              </Button>
            </Group>
          </>
        )}
        {data.purchases.length > 0 && (
          <Stack
            gap="xs"
            component="ul"
            aria-label="Extras bought"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {data.purchases.map((p) => (
              <li key={p.orderId}>
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text size="sm" fw={600}>
                    Bought {formatDateTime(p.paidAt)} · {formatMoney(p.amount, p.currency)}
                  </Text>
                  <Anchor component={Link} to={sourceInvoicePath('bookingExtras', p.orderId)} size="sm">
                    Invoice
                  </Anchor>
                </Group>
                <Text size="sm" c="dimmed">
                  {p.lines.map((l) => `${names(l.paxIndex)}: ${l.description} ${l.segment}`).join('; ')}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
