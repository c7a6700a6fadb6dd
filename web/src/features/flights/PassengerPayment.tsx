import { Alert, Button, Checkbox, Paper, Radio, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { TCharge, TFlightOption, TPaymentOrder } from '@tp/contracts/endpoints/flights';
import type { Action } from '#api/action.ts';
import { formatMoney } from '#shared/format.ts';
import { useUser } from '#lib/state.ts';
import { FareSummary } from './components/FareSummary.tsx';
import { SegmentView } from './components/SegmentView.tsx';
import { OrderCountdown } from './OrderCountdown.tsx';
import css from './passengers.module.css';
import type { PassengersFormValues } from './PassengerFields.tsx';

/** An order created and waiting for its wallet payment: the screen offers Retry payment instead of Pay. */
export const awaitsWalletRetry = (order: TPaymentOrder | null, values: PassengersFormValues) =>
  !!order && order.status === 'created' && values.paymentMode === 'wallet';

/**
 * Beside the passengers: the flights, the fare summary with the total, how to pay (wallet, gateway), Hold,
 * the order's countdown and Pay (or Retry payment).
 */
export function PaymentPanel({
  form,
  option,
  charge,
  totalMoved,
  passengerNames,
  walletBalance,
  gatewayLabel,
  canHold,
  order,
  busy,
  retry,
}: {
  form: UseFormReturnType<PassengersFormValues>;
  option: Pick<TFlightOption, 'segments' | 'fare' | 'fareBreakdown'>;
  charge: TCharge;
  totalMoved: boolean;
  passengerNames: string[];
  /** Null: the wallet is not offered. */
  walletBalance: number | null;
  gatewayLabel: string | null;
  canHold: boolean;
  order: TPaymentOrder | null;
  busy: boolean;
  retry: Action<TPaymentOrder, void>;
}) {
  const user = useUser();
  const values = form.getValues();
  const walletAllowed = walletBalance !== null;
  return (
    <Paper withBorder p="md" pos="sticky" top={70}>
      <Stack>
        <SegmentView trips={option.segments} />
        <FareSummary
          fare={option.fare}
          breakdown={option.fareBreakdown}
          charge={charge}
          passengerNames={passengerNames}
          showFullBreakdown={user?.userType === 'staff'}
          userType={user?.userType}
        />
        {totalMoved && (
          <Alert color="orange" role="alert" title="The total changed">
            The amount to pay is now {formatMoney(charge.total, charge.currency)}. Check the summary and press Pay
            again.
          </Alert>
        )}
        <Radio.Group label="Pay with" {...form.getInputProps('paymentMode')}>
          <Stack gap={6} mt={4}>
            {walletAllowed && <Radio value="wallet" label={`Wallet (balance ${formatMoney(walletBalance ?? 0)})`} />}
            {gatewayLabel && <Radio value="gateway" label={gatewayLabel} />}
          </Stack>
        </Radio.Group>
        {!walletAllowed && !gatewayLabel && (
          <Alert color="orange">No payment method is available on this site. Please contact support.</Alert>
        )}
        {canHold && (
          <Checkbox label="Hold this booking (ticket later)" {...form.getInputProps('hold', { type: 'checkbox' })} />
        )}
        {order && order.status === 'created' && <OrderCountdown expiresAt={order.expiresAt} />}
        {order && awaitsWalletRetry(order, values) ? (
          <Button loading={busy} onClick={() => void retry.run(order)}>
            Retry payment
          </Button>
        ) : (
          <Button type="submit" loading={busy} disabled={!walletAllowed && !gatewayLabel}>
            {values.hold ? 'Hold booking' : 'Pay and book'}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** The bar under the form on small screens: the total and Pay. */
export function PayBar({
  hold,
  charge,
  busy,
  canPay,
}: {
  hold: boolean;
  charge: TCharge;
  busy: boolean;
  canPay: boolean;
}) {
  return (
    <div className={css.payBar} role="region" aria-label="Total and pay">
      <div>
        <Text size="xs" c="gray.7">
          {hold ? 'Total (paid when ticketed)' : 'Total to pay'}
        </Text>
        <Text fw={700} data-testid="pay-bar-total">
          {formatMoney(charge.total, charge.currency)}
        </Text>
      </div>
      <Button type="submit" loading={busy} disabled={!canPay}>
        {hold ? 'Hold booking' : 'Pay and book'}
      </Button>
    </div>
  );
}
