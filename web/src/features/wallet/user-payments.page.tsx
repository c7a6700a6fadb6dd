import { Anchor, Stack, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { getMyPayments } from '@tp/contracts/endpoints/wallet';
import { CursorPager, useCursorPages } from '#shared/cursor-pages.tsx';
import { PaymentsTable } from './PaymentsTable.tsx';

/** /user/payments/:orderId? — the caller's payments, or those of one order / top-up. */
export default function UserPaymentsPage() {
  const { orderId } = useParams();
  const list = useCursorPages(getMyPayments, { orderId, limit: 20 });
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {orderId ? `Payments of ${orderId}` : 'My payments'}
      </Title>
      {orderId && (
        <Anchor component={Link} to="/user/payments">
          All my payments
        </Anchor>
      )}
      <PaymentsTable label="Payments" rows={list.data?.records} loading={list.isLoading} />
      {!orderId && <CursorPager pages={list} />}
    </Stack>
  );
}
