import { useState } from 'react';
import { Button, Divider, Group, Stack, Text } from '@mantine/core';
import { PAX_NAME, type TCharge, type TFare, type TPaxFare } from '@tp/contracts/endpoints/flights';
import { eTicketFare, fareSplitLines } from '@tp/domain/eticket-fare';
import { paxTypeCharges } from '@tp/domain/charge';
import { formatMoney } from '#shared/format.ts';

/** travelAgent and staff get a Show/Hide Details control on the fare summary unless a markup exists (spec 000 §6). */
export const canToggleDetails = (userType: string | undefined, fare: Pick<TFare, 'markup'>): boolean =>
  (userType === 'travelAgent' || userType === 'staff') && !(fare.markup > 0);

const EXTRA_KIND = { baggage: 'Baggage', meal: 'Meal', seat: 'Seat' } as const;

function Line({
  label,
  value,
  currency,
  strong,
  dimmed,
  testId,
}: {
  label: string;
  value: number;
  currency: string;
  strong?: boolean;
  dimmed?: boolean;
  testId?: string;
}) {
  const size = dimmed ? 'xs' : 'sm';
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size={size} fw={strong ? 700 : undefined} c={dimmed ? 'gray.7' : undefined}>
        {label}
      </Text>
      <Text size={size} fw={strong ? 700 : undefined} c={dimmed ? 'gray.7' : undefined} data-testid={testId}>
        {formatMoney(value, currency)}
      </Text>
    </Group>
  );
}

/**
 * Fare summary: the fare split as the e-ticket prints it (base, taxes, fees, extras, discount), each extra
 * per passenger and segment, the fare per passenger type, and the total that is charged. With `charge`
 * (the server's itemised figure) it shows exactly that; without, the split of the given fare. Earnings sit
 * behind Show/Hide Details for agents and staff; the supplier's breakdown is for staff.
 */
export function FareSummary({
  fare,
  breakdown,
  charge,
  passengerNames = [],
  showFullBreakdown,
  userType,
}: {
  fare: TFare;
  breakdown: TPaxFare[];
  charge?: TCharge | undefined;
  /** Names of the passengers by index, for the extras (e.g. "Adult 1"). */
  passengerNames?: string[];
  showFullBreakdown: boolean;
  userType: string | undefined;
}) {
  const [details, setDetails] = useState(false);
  const toggle = canToggleDetails(userType, fare);
  const split = charge?.fare ?? eTicketFare(fare);
  const paxTypes = charge?.paxTypes ?? paxTypeCharges(breakdown);
  const total = charge?.total ?? fare.totalPayableAmt;
  const c = split.currency;
  return (
    <Stack gap={4} aria-label="Fare summary" role="group">
      {fareSplitLines(split).map((l) => (
        <Line key={l.label} label={l.label} value={l.amount} currency={c} />
      ))}
      {charge && charge.extras.length > 0 && (
        <Stack gap={0} aria-label="Extras chosen" role="list" pl="xs">
          {charge.extras.map((x, i) => (
            <div role="listitem" key={i}>
              <Line
                dimmed
                currency={c}
                value={x.price}
                label={`${passengerNames[x.passengerIndex] ?? `Passenger ${x.passengerIndex + 1}`} · ${x.segment} · ${EXTRA_KIND[x.kind]} ${x.kind === 'seat' ? x.code : x.description}`}
              />
            </div>
          ))}
        </Stack>
      )}
      <Divider my={4} />
      <Line label="Total fare" value={split.totalFare} currency={c} strong />
      {total !== split.totalFare && <Line label="You pay" value={total} currency={c} strong testId="fare-you-pay" />}
      {paxTypes.length > 0 && (
        <Stack gap={0} aria-label="Fare per passenger type" role="group">
          {paxTypes.map((p) => (
            <Text key={p.passengerType} size="xs" c="gray.7">
              {PAX_NAME[p.passengerType as 1 | 2 | 3] ?? 'Passenger'} × {p.count}: {formatMoney(p.totalFare, c)} each
              (taxes {formatMoney(p.tax, c)})
            </Text>
          ))}
        </Stack>
      )}
      {toggle && (
        <Button variant="subtle" size="compact-xs" onClick={() => setDetails((d) => !d)} aria-expanded={details}>
          {details ? 'Hide Details' : 'Show Details'}
        </Button>
      )}
      {toggle && details && (
        <Stack gap={2}>
          <Line label="Offered fare" value={fare.offeredFare} currency={c} />
          <Line label="Commission earned" value={fare.commissionEarned} currency={c} />
          <Line label="TDS" value={fare.tds} currency={c} />
        </Stack>
      )}
      {showFullBreakdown && (
        <Stack gap={2} aria-label="Full fare breakdown" role="group">
          <Divider my={4} label="Breakdown" />
          <Line label="YQ" value={fare.yq} currency={c} />
          <Line label="Service fee" value={fare.serviceFee} currency={c} />
          <Line label="Published fare (supplier)" value={fare.publishedFare} currency={c} />
          <Line label="Markup" value={fare.markup} currency={c} />
          <Line label="GST on markup" value={fare.gstOnMarkup} currency={c} />
          <Line label="Price (published + markup + GST)" value={fare.publishedPrice} currency={c} />
        </Stack>
      )}
    </Stack>
  );
}
