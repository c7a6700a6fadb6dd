import { Button, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { getMyWalletEntries, getWalletBalance } from '@tp/contracts/endpoints/wallet';
import { useApi } from '#api/hooks.ts';
import { BalanceCard } from './BalanceCard.tsx';
import { CreditAlerts } from './CreditAlerts.tsx';
import { CursorPager, useCursorPages } from './cursor.tsx';
import { EntriesTable } from './EntriesTable.tsx';

const PAGE = 20;

/** /user/transactionHistory: the caller's wallet (balance, entries newest first). */
export default function TransactionHistoryPage() {
  const balance = useApi(getWalletBalance, {});
  const pages = useCursorPages('mine');
  const entries = useApi(getMyWalletEntries, { cursor: pages.cursor, limit: PAGE });
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
      <CursorPager
        page={pages.page}
        nextCursor={entries.data?.nextCursor}
        onNext={pages.next}
        onPrevious={pages.previous}
      />
    </Stack>
  );
}
