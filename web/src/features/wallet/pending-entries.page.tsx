import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { getPendingOfflinePayments, reviewOfflinePayment } from '@tp/contracts/endpoints/wallet';
import * as MSG from '@tp/contracts/messages';
import { useAction } from '#api/action.ts';
import { usePermission } from '#shared/usePermission.ts';
import { CursorPager, useCursorPages } from '#shared/cursor-pages.tsx';
import { PaymentsTable } from './PaymentsTable.tsx';

/** /staff/myPendingPaymentGatewayEntries: payments users recorded (bank transfers) awaiting review. */
export default function PendingEntriesPage() {
  const list = useCursorPages(getPendingOfflinePayments, { limit: 25 });
  // Reviewing credits wallets (wallet.addMoney); a group that may only view reports sees no buttons.
  const canReview = usePermission('wallet.addMoney');
  const reviewing = useAction(reviewOfflinePayment, {
    success: (_, { approve }) => (approve ? MSG.paymentSuccessful : 'Payment rejected'),
    // Reviewed or not (another staff member may have been first), the list shows where things stand.
    onSuccess: () => void list.mutate(),
    onError: () => void list.mutate(),
  });
  const busy = reviewing.pending?.paymentId ?? null;
  const review = (paymentId: string, approve: boolean) => reviewing.run({ paymentId, approve });
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Pending Payment Entries
      </Title>
      <Text size="sm" c="dimmed">
        Check each transfer against the bank statement; approving credits the customer's wallet once.
      </Text>
      <PaymentsTable
        label="Pending payment entries"
        rows={list.data?.records}
        loading={list.isLoading}
        showCustomer
        actions={
          canReview
            ? (p) => (
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    onClick={() => void review(p.paymentId, true)}
                    loading={busy === p.paymentId}
                    aria-label={`Approve ${p.transactionId ?? p.paymentId}`}
                  >
                    Approve
                  </Button>
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    disabled={busy === p.paymentId}
                    onClick={() => void review(p.paymentId, false)}
                    aria-label={`Reject ${p.transactionId ?? p.paymentId}`}
                  >
                    Reject
                  </Button>
                </Group>
              )
            : undefined
        }
      />
      <CursorPager pages={list} />
    </Stack>
  );
}
