import { Button } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { useAction } from '#api/action.ts';
import { usePersisted } from '#lib/storage.ts';
import { bookingDone, createPaymentOrder, orderInputStore, payOrder } from './payment-order.ts';

/**
 * "Try again" after a failed payment: a new payment order with the same passengers, fare and payment mode,
 * for the amount the failed one asked (a price that moved since is a 409 with its message, never a silent
 * new charge). Shown only where this browser made the order (it keeps the passengers, not the server).
 */
export function TryAgainButton({ orderId }: { orderId: string }) {
  const navigate = useNavigate();
  const input = usePersisted(orderInputStore);
  const retry = useAction(async (previous: NonNullable<typeof input>) => {
    const { orderId: _previous, amount, ...same } = previous;
    const created = await createPaymentOrder(same, { expectedTotal: amount });
    if (!created) return;
    const outcome = await payOrder(created);
    if (outcome) navigate(bookingDone(outcome));
  });
  if (input?.orderId !== orderId) return null;
  return (
    <Button loading={retry.busy} onClick={() => void retry.run(input)}>
      Try again
    </Button>
  );
}
