import { useEffect, useState } from 'react';
import { Button, Center, Group, Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { orderSuccessCallback } from '@tp/contracts/endpoints/flights';
import { verifyPayment } from '@tp/contracts/endpoints/wallet';
import * as MSG from '@tp/contracts/messages';
import { TIMING } from '@tp/contracts/platform';
import { call } from '#api/client.ts';
import { bookingDone, TryAgainButton } from '#features/flights/index.ts';
import { toastError } from '#lib/notify.ts';
import { sleep } from './gateway-return.tsx';

type Phase = { kind: 'checking'; attempt: number } | { kind: 'failed' } | { kind: 'booking' };

/**
 * /phonepe/verify/:orderId — where the gateway sends the payer back. Asks verifyPayment up to
 * TIMING.paymentVerifyRetries times, TIMING.paymentVerifyIntervalMs apart (spec 000: 5 × 2 s); a
 * paid flight order is then booked (orderSuccessCallback) and lands on the booking-confirmed screen, a top-up on
 * /1/success. A failed payment offers "Try again" (a new order, same passengers) and "View payment".
 */
export default function VerifyPaymentPage() {
  const { orderId = '' } = useParams();
  const navigate = useNavigate();
  // Without an order id there is nothing to verify.
  const [phase, setPhase] = useState<Phase>(orderId ? { kind: 'checking', attempt: 1 } : { kind: 'failed' });

  useEffect(() => {
    if (!orderId) return;
    const abort = new AbortController();
    void (async () => {
      for (let attempt = 1; attempt <= TIMING.paymentVerifyRetries && !abort.signal.aborted; attempt++) {
        setPhase({ kind: 'checking', attempt });
        const state = await call(verifyPayment, { orderId }, { handling: 'navigation' }).catch(() => null);
        // Unmounted meanwhile (or React's development double effect): the newer run carries on.
        if (abort.signal.aborted) return;
        if (state?.status === 'success') {
          if (state.purpose === 'walletTopUp') {
            navigate(`/1/success?orderId=${encodeURIComponent(orderId)}`, { replace: true });
            return;
          }
          setPhase({ kind: 'booking' });
          const outcome = await call(orderSuccessCallback, { orderId }).catch(() => null);
          if (!outcome) return setPhase({ kind: 'failed' });
          navigate(bookingDone(outcome), { replace: true });
          return;
        }
        // A declined payment will not turn into a paid one: stop asking.
        if (state?.status === 'failed') break;
        if (attempt < TIMING.paymentVerifyRetries) await sleep(TIMING.paymentVerifyIntervalMs, abort.signal);
      }
      if (abort.signal.aborted) return;
      toastError(MSG.paymentFailed);
      setPhase({ kind: 'failed' });
    })();
    return () => abort.abort();
  }, [orderId, navigate]);

  return (
    <Center py="xl">
      <Paper withBorder p="xl" radius="md" w={460} maw="100%">
        <Stack align="center" gap="md">
          <Title order={1} size="h3">
            {phase.kind === 'failed' ? 'Payment not confirmed' : 'Verifying payment'}
          </Title>
          {phase.kind === 'checking' && (
            <>
              <Loader aria-label="Verifying payment" />
              <Text size="sm" c="dimmed" role="status">
                Checking with the payment gateway (attempt {phase.attempt} of {TIMING.paymentVerifyRetries})…
              </Text>
              <Progress
                w="100%"
                value={(phase.attempt / TIMING.paymentVerifyRetries) * 100}
                aria-label="Verification progress"
              />
            </>
          )}
          {phase.kind === 'booking' && (
            <>
              <Loader aria-label="Booking" />
              <Text size="sm" role="status">
                Payment received. Booking your tickets…
              </Text>
            </>
          )}
          {phase.kind === 'failed' && (
            <>
              <Text c="red" role="alert" fw={600}>
                {MSG.paymentFailed}
              </Text>
              <Group gap="xs" justify="center">
                <TryAgainButton orderId={orderId} />
                <Button component={Link} to={`/user/payments/${orderId}`} variant="default">
                  View payment
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
