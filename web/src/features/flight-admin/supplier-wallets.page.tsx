import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  addSupplierDeposit,
  getSupplierAccounts,
  getSupplierStatement,
  type TStatementLine,
  type TSupplierAccount,
} from '@tp/contracts/endpoints/flight-admin';
import { useAction } from '#api/action.ts';
import { useApi } from '#api/hooks.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { DataTable, type Column } from '#shared/DataTable.tsx';
import { DateField } from '#shared/DateField.tsx';
import { formatDate, formatMoney } from '#shared/format.ts';
import { newRequestId } from '#features/wallet/index.ts';
import { DateRangeFields, monthToDate, rangeProblem, type DayRange } from './shared.tsx';
import { AmountInput, amountValue } from '#shared/AmountInput.tsx';
import { FormFooter } from '#shared/FormFooter.tsx';
import { Modal } from '#shared/Modal.tsx';

const PAGE_SIZE = 25;
const KIND_LABEL: Record<TStatementLine['kind'], string> = { deposit: 'Deposit', booking: 'Booking', refund: 'Refund' };

const signed = (n: number, currency = 'INR') => (
  <Text span fw={600} c={n < 0 ? 'red' : 'teal'}>
    {n < 0 ? '−' : '+'}
    {formatMoney(Math.abs(n), currency)}
  </Text>
);

/** /staff/supplierWallets: what the site holds at each flight supplier, with a statement per account. */
export default function SupplierWalletsPage() {
  const accounts = useApi(getSupplierAccounts, {});
  const [selected, setSelected] = useState<string | null>(null);
  const [depositFor, setDepositFor] = useState<string | null>(null);
  const current = selected ?? accounts.data?.accounts[0]?.supplier ?? null;

  const columns: Column<TSupplierAccount>[] = [
    {
      key: 'label',
      header: 'Supplier',
      render: (a) => (
        <Group gap={6}>
          <Text span>{a.label}</Text>
          {a.isCurrent && <Badge variant="light">In use</Badge>}
        </Group>
      ),
    },
    { key: 'deposits', header: 'Deposits', nowrap: true, render: (a) => formatMoney(a.deposits, a.currency) },
    { key: 'consumption', header: 'Consumed', nowrap: true, render: (a) => formatMoney(a.consumption, a.currency) },
    { key: 'balance', header: 'Balance', nowrap: true, render: (a) => signed(a.balance, a.currency) },
    { key: 'bookings', header: 'Ticketed bookings', render: (a) => a.ticketedBookings },
    {
      key: 'actions',
      header: '',
      render: (a) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            onClick={() => setSelected(a.supplier)}
            aria-label={`Statement of ${a.label}`}
          >
            Statement
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => setDepositFor(a.supplier)}
            aria-label={`Record deposit with ${a.label}`}
          >
            Record deposit
          </Button>
        </Group>
      ),
    },
  ];

  const live = accounts.data?.liveBalance;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Supplier Wallets
      </Title>
      <Text size="sm" c="dimmed">
        Balance = deposits recorded with the supplier − what ticketed bookings consumed (less supplier refunds).
      </Text>
      <AsyncContent
        data={accounts.data}
        error={accounts.error}
        onRetry={() => void accounts.mutate()}
        loadingLabel="Loading supplier wallets"
      >
        {(d) => (
          <DataTable
            label="Supplier accounts"
            rows={d.accounts}
            columns={columns}
            rowKey={(a) => a.supplier}
            empty="No supplier accounts yet."
            minWidth={640}
          />
        )}
      </AsyncContent>
      {live && (
        <Text size="sm" role="status">
          Live balance reported by the supplier: <b>{formatMoney(live.amount, live.currency)}</b>
        </Text>
      )}
      {current && accounts.data && (
        <Statement
          key={current}
          supplier={current}
          label={accounts.data.accounts.find((a) => a.supplier === current)?.label ?? current}
        />
      )}
      <DepositDialog
        supplier={depositFor}
        onClose={() => setDepositFor(null)}
        onDone={() => {
          void accounts.mutate();
          setSelected(depositFor);
        }}
      />
    </Stack>
  );
}

const STATEMENT_COLUMNS: Column<TStatementLine>[] = [
  { key: 'date', header: 'Date', nowrap: true, render: (l) => formatDate(l.date) },
  { key: 'kind', header: 'Type', render: (l) => <Badge variant="light">{KIND_LABEL[l.kind]}</Badge> },
  { key: 'reference', header: 'Reference', render: (l) => l.reference },
  { key: 'description', header: 'Description', render: (l) => l.description },
  { key: 'amount', header: 'Amount', nowrap: true, render: (l) => signed(l.amount) },
  { key: 'balance', header: 'Balance', nowrap: true, render: (l) => formatMoney(l.balance) },
];

function Statement({ supplier, label }: { supplier: string; label: string }) {
  const [range, setRange] = useState<DayRange>(monthToDate);
  const [page, setPage] = useState(1);
  const problem = rangeProblem(range);
  const st = useApi(getSupplierStatement, problem ? null : { supplier, ...range, page, pageSize: PAGE_SIZE });
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Statement: {label}
        </Title>
        <DateRangeFields
          value={range}
          onChange={(r) => {
            setRange(r);
            setPage(1);
          }}
          error={problem}
        />
        {st.data && (
          <Group gap="lg" wrap="wrap">
            <Text size="sm">Opening balance: {formatMoney(st.data.openingBalance, st.data.currency)}</Text>
            <Text size="sm">Closing balance: {formatMoney(st.data.closingBalance, st.data.currency)}</Text>
          </Group>
        )}
        <DataTable
          label={`Statement of ${label}`}
          rows={st.data?.records}
          columns={STATEMENT_COLUMNS}
          rowKey={(l) => l.id}
          loading={st.isLoading}
          empty="No movements in this period."
          minWidth={640}
          paging={
            st.data && {
              page: st.data.page,
              totalPages: st.data.totalPages,
              totalRecords: st.data.totalRecords,
              onChange: setPage,
            }
          }
        />
      </Stack>
    </Paper>
  );
}

interface DepositValues {
  amount: number | string;
  date: string;
  reference: string;
  note: string;
}

/** Records money sent to a supplier; one request id per opening, so a double submit records it once. */
function DepositDialog({
  supplier,
  onClose,
  onDone,
}: {
  supplier: string | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const today = new Date().toISOString().slice(0, 10);
  const [requestId, setRequestId] = useState(newRequestId);
  // The form holds what is typed; the supplier and the request id come from the dialog. An emptied
  // amount or date reads as missing ("Required"), as before.
  const request = (v: DepositValues) => ({
    ...v,
    supplier: supplier ?? '',
    requestId,
    amount: amountValue(v.amount),
    date: v.date || undefined,
  });
  const form = useForm<DepositValues>({
    initialValues: { amount: '', date: today, reference: '', note: '' },
    validate: (v) => schemaResolver(addSupplierDeposit.request, { sync: true })(request(v)),
  });

  const close = () => {
    form.reset();
    setRequestId(newRequestId());
    onClose();
  };
  const record = useAction(addSupplierDeposit, {
    success: 'Deposit recorded',
    form,
    onSuccess: () => {
      onDone();
      close();
    },
  });
  const submit = form.onSubmit((v) => {
    if (supplier) void record.run({ ...v, supplier, amount: Number(v.amount), requestId });
  });

  return (
    <Modal opened={supplier !== null} onClose={close} title="Record deposit" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <AmountInput min={0} {...form.getInputProps('amount')} />
          <DateField label="Date" required maxDate={today} {...form.getInputProps('date')} />
          <TextInput label="Reference (UTR / cheque no.)" required {...form.getInputProps('reference')} />
          <TextInput label="Note" {...form.getInputProps('note')} />
          <FormFooter onCancel={close} busy={record.busy} label="Record" />
        </Stack>
      </form>
    </Modal>
  );
}
