import { useState } from 'react';
import { Button, Divider, Group, Stack, Text } from '@mantine/core';
import { PAX_CODE, type TFare, type TPaxFare } from '@tp/contracts/flights';
import { formatFare } from '@tp/domain/flight-filters';

/** travelAgent and staff get a Show/Hide Details control on the fare summary unless a markup exists (spec 000 §6). */
export const canToggleDetails = (userType: string | undefined, fare: Pick<TFare, 'markup'>): boolean =>
  (userType === 'travelAgent' || userType === 'staff') && !(fare.markup > 0);

const money = (n: number) => `₹${formatFare(n)}`;

function Line({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined}>
        {money(value)}
      </Text>
    </Group>
  );
}

/**
 * Fare summary: what everyone sees (base, taxes, extras, total); earnings behind Show/Hide Details for
 * agents and staff; the full breakdown (supplier fare, markup, GST, fees, per passenger) for staff.
 */
export function FareSummary({
  fare,
  breakdown,
  showFullBreakdown,
  userType,
}: {
  fare: TFare;
  breakdown: TPaxFare[];
  showFullBreakdown: boolean;
  userType: string | undefined;
}) {
  const [details, setDetails] = useState(false);
  const toggle = canToggleDetails(userType, fare);
  const extras = fare.baggagePrice + fare.mealPrice + fare.seatPrice;
  return (
    <Stack gap={4} aria-label="Fare summary" role="group">
      <Line label="Base fare" value={fare.baseFare} />
      <Line label="Taxes and fees" value={fare.publishedPrice - fare.baseFare} />
      {extras > 0 && <Line label="Baggage, meals and seats" value={extras} />}
      {fare.discount > 0 && <Line label="Discount" value={-fare.discount} />}
      <Divider my={4} />
      <Line label="Total fare" value={fare.publishedPrice} strong />
      {fare.totalPayable !== fare.publishedPrice && <Line label="You pay" value={fare.totalPayable} strong />}
      {toggle && (
        <Button variant="subtle" size="compact-xs" onClick={() => setDetails((d) => !d)} aria-expanded={details}>
          {details ? 'Hide Details' : 'Show Details'}
        </Button>
      )}
      {toggle && details && (
        <Stack gap={2}>
          <Line label="Offered fare" value={fare.offeredFare} />
          <Line label="Commission earned" value={fare.commissionEarned} />
          <Line label="TDS" value={fare.tds} />
        </Stack>
      )}
      {showFullBreakdown && (
        <Stack gap={2} aria-label="Full fare breakdown" role="group">
          <Divider my={4} label="Breakdown" />
          <Line label="YQ" value={fare.yq} />
          <Line label="Other charges" value={fare.offeredOtherCharges} />
          <Line label="Service fee" value={fare.serviceFee} />
          <Line label="Transaction fee" value={fare.txnFee} />
          <Line label="Published fare (supplier)" value={fare.publishedFare} />
          <Line label="Markup" value={fare.markup} />
          <Line label="GST on markup" value={fare.gstOnMarkup} />
          {breakdown.map((b) => (
            <Text key={b.passengerType} size="xs" c="dimmed">
              {PAX_CODE[b.passengerType as 1 | 2 | 3] ?? b.passengerType} × {b.count}: base {money(b.baseFare)}, tax{' '}
              {money(b.tax)}, total {money(b.totalFare)} each
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
