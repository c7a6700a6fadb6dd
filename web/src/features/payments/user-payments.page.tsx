import { Anchor, Stack, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { getMyPayments } from '@tp/contracts/endpoints/wallet';
import { useApi } from '#api/hooks.ts';
import { CursorPager, useCursorPages } from '#features/wallet/index.ts';
import { PaymentsTable } from './PaymentsTable.tsx';

/** /user/payments/:orderId? — the caller's payments, or those of one order / top-up. */
export default function UserPaymentsPage() {
  const { orderId } = useParams();
  const pages = useCursorPages(orderId ?? '');
  const list = useApi(getMyPayments, { orderId, cursor: orderId ? undefined : pages.cursor, limit: 20 });
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
      {!orderId && (
        <CursorPager
          page={pages.page}
          nextCursor={list.data?.nextCursor}
          onNext={pages.next}
          onPrevious={pages.previous}
        />
      )}
    </Stack>
  );
}
