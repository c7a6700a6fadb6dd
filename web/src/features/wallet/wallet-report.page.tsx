import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { getCustomerWalletEntries } from '@tp/contracts/endpoints/wallet';
import { usePermission } from '#shared/usePermission.ts';
import { AdjustMoneyDialog, type Adjustment } from './AdjustMoneyDialog.tsx';
import { BalanceCard } from './BalanceCard.tsx';
import { CreditAlerts } from './CreditAlerts.tsx';
import { CreditLineDialog } from './CreditLineDialog.tsx';
import { CursorPager, useCursorPages } from '#shared/cursor-pages.tsx';
import { EntriesTable } from './EntriesTable.tsx';

const PAGE = 20;

/**
 * /staff/walletReport?email=: a customer's wallet; Add Money (the customer list's action lands here), Debit
 * Money and the credit line, each offered only to staff whose permission group holds it.
 */
export default function WalletReportPage() {
  const [params, setParams] = useSearchParams();
  const email = (params.get('email') ?? '').trim().toLowerCase();
  const [draft, setDraft] = useState(email);
  const [adjusting, setAdjusting] = useState<Adjustment | null>(null);
  const canAdd = usePermission('wallet.addMoney');
  const canDebit = usePermission('wallet.debitMoney');
  const canCredit = usePermission('wallet.creditLines');
  const [settingLine, setSettingLine] = useState(false);
  const report = useCursorPages(getCustomerWalletEntries, email ? { email, limit: PAGE } : null, {
    call: { handling: 'navigation' },
  });
  const notFound = report.error?.status === 404;

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Wallet Report
      </Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setParams(draft.trim() ? { email: draft.trim() } : {});
        }}
      >
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label="Customer email"
            type="email"
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            w={320}
            maw="100%"
          />
          <Button type="submit" variant="default">
            Show
          </Button>
          {email && report.data && canAdd && <Button onClick={() => setAdjusting('credit')}>Add Money</Button>}
          {email && report.data && canDebit && (
            <Button variant="outline" color="red.9" onClick={() => setAdjusting('debit')}>
              Debit Money
            </Button>
          )}
          {email && report.data && canCredit && (
            <Button variant="outline" onClick={() => setSettingLine(true)}>
              Credit line
            </Button>
          )}
        </Group>
      </form>
      {!email && <Text c="dimmed">Enter a customer's email to see their wallet.</Text>}
      {notFound && (
        <Text c="red" role="alert">
          Customer not found
        </Text>
      )}
      {email && !notFound && (
        <>
          <BalanceCard balance={report.data?.balance} label={`Wallet balance of ${email}`} />
          <CreditAlerts balance={report.data?.balance} payLink={false} />
          <EntriesTable rows={report.data?.records} loading={report.isLoading} />
          <CursorPager pages={report} />
        </>
      )}
      <AdjustMoneyDialog
        mode={adjusting}
        email={email}
        available={report.data && { amount: report.data.balance.available, currency: report.data.balance.currency }}
        onClose={() => setAdjusting(null)}
        onDone={() => void report.mutate()}
      />
      <CreditLineDialog
        opened={settingLine}
        email={email}
        balance={report.data?.balance}
        onClose={() => setSettingLine(false)}
        onDone={() => void report.mutate()}
      />
    </Stack>
  );
}
