import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { getPendingOfflinePayments, reviewOfflinePayment } from '@tp/contracts/endpoints/wallet';
import { MSG } from '@tp/contracts/messages';
import { useApi } from '#api/hooks.ts';
import { act } from '#shared/actions.ts';
import { usePermission } from '#shared/usePermission.ts';
import { CursorPager, useCursorPages } from '#features/wallet/index.ts';
import { PaymentsTable } from './PaymentsTable.tsx';

/** /staff/myPendingPaymentGatewayEntries: payments users recorded (bank transfers) awaiting review. */
export default function PendingEntriesPage() {
  const pages = useCursorPages('pending');
  const list = useApi(getPendingOfflinePayments, { cursor: pages.cursor, limit: 25 });
  const [busy, setBusy] = useState<string | null>(null);
  // Reviewing credits wallets (wallet.addMoney); a group that may only view reports sees no buttons.
  const canReview = usePermission('wallet.addMoney');
  const review = async (paymentId: string, approve: boolean) => {
    setBusy(paymentId);
    try {
      await act(reviewOfflinePayment, { paymentId, approve }, approve ? MSG.paymentSuccessful : 'Payment rejected');
    } catch {
      // toasted by the client
    } finally {
      setBusy(null);
      void list.mutate();
    }
  };
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
      <CursorPager
        page={pages.page}
        nextCursor={list.data?.nextCursor}
        onNext={pages.next}
        onPrevious={pages.previous}
      />
    </Stack>
  );
}
