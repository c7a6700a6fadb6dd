import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { readsOwnRecordsOnly } from '@tp/contracts/account-roles';
import { AGENCY_MSG } from '@tp/contracts/endpoints/agency';
import { getMyWalletEntries, getWalletBalance } from '@tp/contracts/endpoints/wallet';
import { useUser } from '#lib/state.ts';
import { useApi } from '#api/hooks.ts';
import { CursorPager, useCursorPages } from '#shared/cursor-pages.tsx';
import { BalanceCard } from './BalanceCard.tsx';
import { CreditAlerts } from './CreditAlerts.tsx';
import { EntriesTable } from './EntriesTable.tsx';

const PAGE = 20;

/** /user/transactionHistory: the caller's wallet (balance, entries newest first). */
export default function TransactionHistoryPage() {
  const user = useUser();
  // A booker or traveller spends from the account's wallet; its statement is the admin's.
  const ownOnly = user ? readsOwnRecordsOnly(user) : false;
  const balance = useApi(getWalletBalance, {});
  const entries = useCursorPages(getMyWalletEntries, ownOnly ? null : { limit: PAGE });
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
      {ownOnly ? (
        <Text size="sm" c="dimmed">
          {AGENCY_MSG.statementAdminsOnly}.
        </Text>
      ) : (
        <>
          <EntriesTable rows={entries.data?.records} loading={entries.isLoading} />
          <CursorPager pages={entries} />
        </>
      )}
    </Stack>
  );
}
