import { Stack, Title } from '@mantine/core';
import { getGatewayTransactions } from '@tp/contracts/endpoints/wallet';
import { useApi } from '#api/hooks.ts';
import { CursorPager, useCursorPages } from '#features/wallet/index.ts';
import { PaymentsTable } from './PaymentsTable.tsx';

/** /staff/paymentGatewayTransactions: every payment of the site, newest first. */
export default function GatewayTransactionsPage() {
  const pages = useCursorPages('site');
  const list = useApi(getGatewayTransactions, { cursor: pages.cursor, limit: 25 });
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
      <CursorPager
        page={pages.page}
        nextCursor={list.data?.nextCursor}
        onNext={pages.next}
        onPrevious={pages.previous}
      />
    </Stack>
  );
}
