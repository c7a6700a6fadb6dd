import { Button, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import * as MSG from '@tp/contracts/messages';

/** /1/success: the payment success page. */
export default function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const orderId = params.get('orderId');
  return (
    <Center py="xl">
      <Paper withBorder p="xl" radius="md" w={460} maw="100%">
        <Stack align="center" gap="md">
          <ThemeIcon color="teal" size={56} radius="xl" aria-hidden>
            ✓
          </ThemeIcon>
          <Title order={1} size="h3">
            {MSG.paymentSuccessful}
          </Title>
          {orderId && (
            <Text size="sm" c="dimmed">
              Reference {orderId}
            </Text>
          )}
          <Group>
            <Button component={Link} to="/user/transactionHistory">
              Go to wallet
            </Button>
            {orderId && (
              <Button component={Link} to={`/user/payments/${orderId}`} variant="default">
                View payment
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
