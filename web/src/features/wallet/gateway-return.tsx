import { useEffect, useState, type ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { verifyPayment } from '@tp/contracts/endpoints/wallet';
import { TIMING } from '@tp/contracts/platform';
import { call } from '#api/client.ts';

/**
 * Where a gateway payment the payer came back from stands: being checked, taken, not taken, or not settled yet after
 * every check (the worker and the reconciler carry on; the screen says so rather than guess).
 */
export type GatewayReturn = 'checking' | 'success' | 'failed' | 'pending';

/** Waits `ms`, or less when `signal` aborts (a screen left while it checks a payment). */
export const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(t);
      resolve();
    });
  });

/**
 * A payer back from the gateway on a screen of their own (an activity cart, a visa application: `?payment=<id>`):
 * asks `verifyPayment` (which also asks the worker to verify it) up to TIMING.paymentVerifyRetries times,
 * TIMING.paymentVerifyIntervalMs apart, and calls `onSettled` once it is taken or refused, for the screen to read
 * its record again. Null without a payment id.
 */
export function useGatewayReturn(paymentId: string | null, onSettled: (outcome: GatewayReturn) => void) {
  // The outcome of the payment it was found for: another payment id reads as being checked until its own.
  const [found, setFound] = useState<{ paymentId: string; state: GatewayReturn } | null>(null);
  const setState = (state: GatewayReturn) => paymentId && setFound({ paymentId, state });
  useEffect(() => {
    if (!paymentId) return;
    const abort = new AbortController();
    void (async () => {
      for (let attempt = 1; attempt <= TIMING.paymentVerifyRetries && !abort.signal.aborted; attempt++) {
        const r = await call(verifyPayment, { orderId: paymentId }, { handling: 'navigation' }).catch(() => null);
        if (abort.signal.aborted) return;
        if (r?.status === 'success' || r?.status === 'failed') {
          const outcome = r.status;
          setState(outcome);
          onSettled(outcome);
          return;
        }
        if (attempt < TIMING.paymentVerifyRetries) await sleep(TIMING.paymentVerifyIntervalMs, abort.signal);
      }
      if (!abort.signal.aborted) setState('pending');
    })();
    return () => abort.abort();
    // onSettled is the screen's reload: a new function each render must not restart the checks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paymentId]);
  if (!paymentId) return null;
  return found?.paymentId === paymentId ? found.state : 'checking';
}

/** What the payer reads on coming back from the gateway. */
export function GatewayReturnNotice({ state, received }: { state: GatewayReturn | null; received: ReactNode }) {
  if (!state) return null;
  if (state === 'success')
    return (
      <Alert color="green" role="status" title="Payment received">
        {received}
      </Alert>
    );
  if (state === 'pending')
    return (
      <Alert color="yellow" role="status" title="Payment not confirmed yet">
        The gateway has not confirmed the payment yet. It is applied as soon as it does; reload this page in a minute.
      </Alert>
    );
  if (state === 'failed')
    return (
      <Alert color="red" role="status" title="Payment not completed">
        The gateway did not take the payment; nothing was charged. You can try again.
      </Alert>
    );
  return (
    <Alert color="blue" role="status" title="Checking your payment">
      We are confirming the payment with the gateway; this takes a few seconds.
    </Alert>
  );
}
