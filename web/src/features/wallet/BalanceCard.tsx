import { Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { TWalletBalance } from '@tp/contracts/endpoints/wallet';
import { formatDate, formatMoney } from '#shared/format.ts';

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
        {balance && (balance.creditLimit > 0 || (balance.creditUsed ?? 0) > 0) && <CreditFigures balance={balance} />}
      </Stack>
    </Paper>
  );
}

/** The credit line at a glance: what is used, what is left, and when the oldest unpaid amount is due. */
function CreditFigures({ balance }: { balance: TWalletBalance }) {
  const money = (n: number | undefined) => formatMoney(n ?? 0, balance.currency);
  const due = balance.oldestDueDate
    ? `${money(balance.oldestDueAmount)} on ${formatDate(balance.oldestDueDate)}${balance.overdue ? ' (overdue)' : ''}`
    : 'Nothing due';
  const figures: [string, string, string][] = [
    ['Credit used', money(balance.creditUsed), 'credit-used'],
    ['Credit left', money(balance.creditLeft), 'credit-left'],
    ['Oldest amount due', due, 'credit-due'],
    ['Credit days', String(balance.creditDays ?? 0), 'credit-days'],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" mt="xs" component="dl" style={{ margin: 0 }}>
      {figures.map(([label, value, id]) => (
        <div key={id}>
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text
            component="dd"
            fw={600}
            m={0}
            c={id === 'credit-due' && balance.overdue ? 'red.9' : undefined}
            data-testid={id}
          >
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
