import { Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { TWalletBalance } from '@tp/contracts/wallet';
import { formatMoney } from '#shared/format.ts';

export function BalanceCard({
  balance,
  label = 'Wallet balance',
}: {
  balance: TWalletBalance | undefined;
  label?: string;
}) {
  return (
    <Paper withBorder p="md" radius="md" aria-live="polite">
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        {balance ? (
          <Group gap="lg" align="baseline" wrap="wrap">
            <Text fz={28} fw={700} data-testid="wallet-balance">
              {formatMoney(balance.balance, balance.currency)}
            </Text>
            {balance.creditLimit > 0 && (
              <Text size="sm" c="dimmed">
                Credit limit {formatMoney(balance.creditLimit, balance.currency)} · available{' '}
                {formatMoney(balance.available, balance.currency)}
              </Text>
            )}
          </Group>
        ) : (
          <Skeleton height={34} width={180} aria-label="Loading balance" />
        )}
      </Stack>
    </Paper>
  );
}
