import { useState } from 'react';
import { Button } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { usePersisted } from '#shared/storage.ts';
import { bookingDone, createPaymentOrder, orderInputStore, payOrder } from './payment-order.ts';

/**
 * "Try again" after a failed payment: a new payment order with the same passengers, fare and payment mode,
 * for the amount the failed one asked (a price that moved since is a 409 with its message, never a silent
 * new charge). Shown only where this browser made the order (it keeps the passengers, not the server).
 */
export function TryAgainButton({ orderId }: { orderId: string }) {
  const navigate = useNavigate();
  const input = usePersisted(orderInputStore);
  const [busy, setBusy] = useState(false);
  if (input?.orderId !== orderId) return null;
  const retry = async () => {
    setBusy(true);
    try {
      const { orderId: _previous, amount, ...same } = input;
      const created = await createPaymentOrder(same, { expectedTotal: amount });
      if (!created) return;
      const outcome = await payOrder(created);
      if (outcome) navigate(bookingDone(outcome));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button loading={busy} onClick={() => void retry()}>
      Try again
    </Button>
  );
}
