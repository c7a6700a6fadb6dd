import { Button, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { getMyWalletEntries, getWalletBalance } from '@tp/contracts/endpoints/wallet';
import { useApi } from '#api/hooks.ts';
import { CursorPager, useCursorPages } from '#shared/cursor-pages.tsx';
import { BalanceCard } from './BalanceCard.tsx';
import { CreditAlerts } from './CreditAlerts.tsx';
import { EntriesTable } from './EntriesTable.tsx';

const PAGE = 20;

/** /user/transactionHistory: the caller's wallet (balance, entries newest first). */
export default function TransactionHistoryPage() {
  const balance = useApi(getWalletBalance, {});
  const entries = useCursorPages(getMyWalletEntries, { limit: PAGE });
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Wallet
        </Title>
        <Button component={Link} to="/payments">
          Add money
        </Button>
      </Group>
      <CreditAlerts balance={balance.data} />
      <BalanceCard balance={balance.data} />
      <EntriesTable rows={entries.data?.records} loading={entries.isLoading} />
      <CursorPager pages={entries} />
    </Stack>
  );
}
