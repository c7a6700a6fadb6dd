import { useState } from 'react';
import { Alert, Box, Button, Center, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { completeSandboxPayment, getSandboxPayment } from '@tp/contracts/endpoints/wallet';
import { useAction } from '#api/action.ts';
import { useApi } from '#api/hooks.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { formatMoney } from '#shared/format.ts';

type Outcome = 'pay' | 'fail' | 'abandon';

/**
 * /sandbox-gateway/:paymentId — the embedded sandbox payment gateway (no real money): the payer
 * chooses Pay, Fail or Abandon and is sent back to the site's return address. Deliberately plain,
 * so it reads as "the gateway's page", not the site's.
 */
export default function SandboxGatewayPage() {
  const { paymentId = '' } = useParams();
  const payment = useApi(getSandboxPayment, paymentId ? { paymentId } : null);
  // The outcome that is sending the payer back: its button keeps spinning while the browser leaves.
  const [leaving, setLeaving] = useState<Outcome | null>(null);
  const complete = useAction(completeSandboxPayment, {
    onSuccess: (out, { outcome }) => {
      setLeaving(outcome);
      window.location.assign(out.returnTo);
    },
    onError: () => void payment.mutate(),
  });
  const busy = complete.pending?.outcome ?? leaving;
  const choose = (outcome: Outcome) => complete.run({ paymentId, outcome });

  return (
    <Center py="xl">
      <Paper withBorder shadow="sm" p="xl" radius="sm" w={420} maw="100%" bg="gray.0">
        <AsyncContent
          data={payment.data}
          error={payment.error}
          onRetry={() => void payment.mutate()}
          loadingLabel="Loading payment"
        >
          {(p) => (
            <Stack gap="md">
              <Box>
                <Text size="xs" tt="uppercase" c="dimmed" fw={700}>
                  Sandbox Payment Gateway
                </Text>
                <Title order={1} size="h3">
                  Pay {p.merchant}
                </Title>
              </Box>
              <Divider />
              <Group justify="space-between">
                <Text>Amount</Text>
                <Text fw={700} fz="xl" data-testid="sandbox-amount">
                  {formatMoney(p.amount, p.currency)}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                Test payment — no money moves. Reference {p.paymentId.slice(0, 10)}…
              </Text>
              {p.state !== 'PENDING' ? (
                <Alert color={p.state === 'COMPLETED' ? 'teal' : 'red'} role="status">
                  This payment is {p.state === 'COMPLETED' ? 'already paid' : 'closed (failed)'}.
                  <Button variant="subtle" size="xs" onClick={() => window.location.assign(p.returnTo)}>
                    Return to merchant
                  </Button>
                </Alert>
              ) : (
                <Stack gap="xs">
                  <Button
                    color="teal"
                    size="md"
                    onClick={() => void choose('pay')}
                    loading={busy === 'pay'}
                    disabled={!!busy}
                  >
                    Pay
                  </Button>
                  <Button
                    color="red"
                    variant="light"
                    onClick={() => void choose('fail')}
                    loading={busy === 'fail'}
                    disabled={!!busy}
                  >
                    Fail
                  </Button>
                  <Button
                    variant="default"
                    onClick={() => void choose('abandon')}
                    loading={busy === 'abandon'}
                    disabled={!!busy}
                  >
                    Abandon
                  </Button>
                </Stack>
              )}
            </Stack>
          )}
        </AsyncContent>
      </Paper>
    </Center>
  );
}
