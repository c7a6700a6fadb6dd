import { Stack, Title } from '@mantine/core';
import { getGatewayTransactions } from '@tp/contracts/endpoints/wallet';
import { CursorPager, useCursorPages } from '#shared/cursor-pages.tsx';
import { PaymentsTable } from './PaymentsTable.tsx';

/** /staff/paymentGatewayTransactions: every payment of the site, newest first. */
export default function GatewayTransactionsPage() {
  const list = useCursorPages(getGatewayTransactions, { limit: 25 });
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Payment Gateway Transactions
      </Title>
      <PaymentsTable
        label="Payment gateway transactions"
        rows={list.data?.records}
        loading={list.isLoading}
        showCustomer
      />
      <CursorPager pages={list} />
    </Stack>
  );
}
