import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  exportPayables,
  getPayables,
  recordSupplierPayment,
  type TPayable,
} from '@tp/contracts/endpoints/dmc-payables';
import { AGEING_BUCKETS, type AgeingBucket } from '@tp/domain/dmc';
import { AmountInput } from '#shared/AmountInput.tsx';
import { CursorPager, useCursorPages } from '#shared/cursor-pages.tsx';
import { DataTable, type Column } from '#shared/DataTable.tsx';
import { ExportButton } from '#shared/ExportButton.tsx';
import { useEndpointForm } from '#shared/form.ts';
import { formatDate } from '#shared/format.ts';
import { newPaymentKey } from '../kart/KartPayments.tsx';
import { money } from '../shared/format.ts';
import { DmcDialog, DmcPage } from '../shared/page.tsx';
import { MonthlyMargins } from './MonthlyMargins.tsx';
import { SupplierDetails } from './SupplierDetails.tsx';

const PAGE = 25;
const SUPPLIER_STATEMENT_PATH = '/staff/dmc-payables/statement';

export const AGEING_LABELS: Record<AgeingBucket, string> = {
  notDue: 'Not due',
  '0-30': '0–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  '90+': '90+ days',
};

const supplierOf = (p: TPayable) => `${p.supplier.kind}:${p.supplier.id}`;

/** A payment against one payable: part of it or all that is owed, with the bank reference; one per dialog visit. */
function PayDialog({ payable, onClose }: { payable: TPayable; onClose: () => void }) {
  const [key] = useState(newPaymentKey);
  const { form, submit, busy } = useEndpointForm({
    endpoint: recordSupplierPayment,
    initialValues: { amount: payable.outstanding as number | string, reference: '' },
    toRequest: (v) => ({
      payableId: payable.id,
      amount: v.amount === '' ? Number.NaN : Number(v.amount),
      reference: v.reference,
      idempotencyKey: key,
    }),
    revalidate: [getPayables],
    onSuccess: onClose,
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Pay the supplier">
      <Stack gap="sm">
        <Text size="sm">
          {payable.supplier.name}: {payable.service} ({payable.quotationId}). Owed{' '}
          {money(payable.outstanding, payable.currency)} of {money(payable.amount, payable.currency)}.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <AmountInput label={`Amount (${payable.currency})`} data-autofocus {...form.getInputProps('amount')} />
          <TextInput label="Reference (UTR or cheque number)" required {...form.getInputProps('reference')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Record payment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * /staff/dmc-payables: what vouchered quotations owe their suppliers, oldest due first, with each payable's ageing;
 * one supplier's payables (paid and reversed too) by picking its name; a payment recorded against a payable; the
 * open list as Excel through the exports job.
 */
export default function PayablesPage() {
  const [supplier, setSupplier] = useState<{ key: string; name: string } | null>(null);
  const [paying, setPaying] = useState<TPayable | null>(null);
  const [editing, setEditing] = useState(false);
  const list = useCursorPages(
    getPayables,
    { limit: PAGE, ...(supplier ? { supplier: supplier.key } : {}) },
    { keepPreviousData: true },
  );
  const rows = list.data?.records;
  const owed = (bucket: AgeingBucket) =>
    (rows ?? []).filter((r) => r.ageing === bucket && r.outstanding > 0).reduce((s, r) => s + r.outstanding, 0);
  const currency = rows?.[0]?.currency ?? 'AED';
  const columns: Column<TPayable>[] = [
    { key: 'due', header: 'Due', nowrap: true, render: (r) => formatDate(r.dueDate) },
    {
      key: 'ageing',
      header: 'Ageing',
      nowrap: true,
      render: (r) =>
        r.outstanding > 0 ? (
          <Text size="sm" fw={r.ageing === 'notDue' ? 400 : 700} c={r.ageing === 'notDue' ? undefined : 'red.9'}>
            {AGEING_LABELS[r.ageing]}
          </Text>
        ) : r.reversedAt ? (
          'Reversed'
        ) : (
          'Paid'
        ),
    },
    {
      key: 'supplier',
      header: 'Supplier',
      render: (r) => (
        <Anchor
          component="button"
          type="button"
          ta="left"
          onClick={() => setSupplier({ key: supplierOf(r), name: r.supplier.name })}
          aria-label={`Show every payable of ${r.supplier.name}`}
        >
          {r.supplier.name}
        </Anchor>
      ),
    },
    { key: 'service', header: 'Service', render: (r) => `${r.service} · ${formatDate(r.serviceDate)}` },
    { key: 'quotation', header: 'Quotation', nowrap: true, render: (r) => r.quotationId },
    { key: 'amount', header: 'Amount', nowrap: true, render: (r) => money(r.amount, r.currency) },
    { key: 'paid', header: 'Paid', nowrap: true, render: (r) => money(r.paid, r.currency) },
    { key: 'owed', header: 'Owed', nowrap: true, render: (r) => money(r.outstanding, r.currency) },
    {
      key: 'pay',
      header: 'Actions',
      render: (r) =>
        r.outstanding > 0 ? (
          <Button size="xs" variant="light" onClick={() => setPaying(r)} aria-label={`Pay ${r.supplier.name}`}>
            Pay
          </Button>
        ) : null,
    },
  ];
  return (
    <DmcPage title="Supplier Payables" permission="dmc.payables">
      <Stack gap="md">
        <Paper withBorder p="md" component="section" aria-label="Ageing">
          <Stack gap="xs">
            <Title order={2} size="h4">
              Owed on this page by ageing
            </Title>
            <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
              {AGEING_BUCKETS.map((b) => (
                <div key={b}>
                  <Text size="xs" c="gray.7">
                    {AGEING_LABELS[b]}
                  </Text>
                  <Text fw={600}>{money(owed(b), currency)}</Text>
                </div>
              ))}
            </SimpleGrid>
          </Stack>
        </Paper>
        <Group gap="sm" wrap="wrap" align="center">
          {supplier ? (
            <>
              <Text size="sm">
                Every payable of <b>{supplier.name}</b>
              </Text>
              <Button size="xs" variant="light" onClick={() => setEditing(true)}>
                Supplier details
              </Button>
              <Button
                size="xs"
                variant="light"
                component={Link}
                to={`${SUPPLIER_STATEMENT_PATH}?supplier=${encodeURIComponent(supplier.key)}`}
              >
                Statement
              </Button>
              <Button size="xs" variant="default" onClick={() => setSupplier(null)}>
                Show all suppliers
              </Button>
            </>
          ) : (
            <Text size="sm">Payables still owed, oldest due first. Pick a supplier to see all of theirs.</Text>
          )}
          <ExportButton endpoint={exportPayables} input={() => ({})} label="Download payables (.xlsx)" />
        </Group>
        <DataTable
          label="Payables"
          rows={rows}
          columns={columns}
          rowKey={(r) => r.id}
          loading={list.isLoading}
          empty={supplier ? 'No payables for this supplier.' : 'Nothing is owed to suppliers.'}
          minWidth={960}
        />
        <CursorPager pages={list} />
        <MonthlyMargins />
      </Stack>
      <DmcDialog opened={editing && !!supplier} onClose={() => setEditing(false)} title="Supplier details">
        {supplier && <SupplierDetails supplier={supplier.key} onClose={() => setEditing(false)} />}
      </DmcDialog>
      <DmcDialog opened={!!paying} onClose={() => setPaying(null)} title="Pay supplier" size="md">
        {paying && <PayDialog payable={paying} onClose={() => setPaying(null)} />}
      </DmcDialog>
    </DmcPage>
  );
}
