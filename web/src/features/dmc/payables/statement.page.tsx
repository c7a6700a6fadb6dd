import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { getSupplierStatement, type TSupplierStatement } from '@tp/contracts/endpoints/dmc-payables';
import { useApi } from '#api/hooks.ts';
import { DateField } from '#shared/DateField.tsx';
import { formatDate } from '#shared/format.ts';
import { money } from '../shared/format.ts';
import { DmcPage } from '../shared/page.tsx';

const KIND_LABELS: Record<TSupplierStatement['lines'][number]['kind'], string> = {
  raised: 'Payable raised',
  payment: 'Payment',
  reversal: 'Reversed (cancelled)',
};

const monthStart = (d: Date) => `${d.toISOString().slice(0, 8)}01`;

function Statement({ s }: { s: TSupplierStatement }) {
  const currency = s.lines[0]?.currency ?? s.supplier.currency;
  const m = (n: number) => money(n, currency);
  const p = s.supplier;
  return (
    <Paper withBorder p="md" component="article" aria-label={`Statement of ${p.name}`}>
      <Stack gap="xs">
        <Title order={2} size="h3">
          {p.name}
        </Title>
        <Text size="sm">
          {[p.contactName, p.email, p.phone, p.address].filter(Boolean).join(' · ') || 'No contact details recorded.'}
        </Text>
        <Text size="sm">
          Statement from {formatDate(s.from)} to {formatDate(s.to)}. Terms: {p.terms.days} days after the{' '}
          {p.terms.basis === 'afterService' ? 'service' : 'invoice'}.
        </Text>
        {s.lines.length === 0 ? (
          <Text size="sm">Nothing was raised, paid or reversed in this period.</Text>
        ) : (
          <Table verticalSpacing={4} aria-label="Statement lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Entry</Table.Th>
                <Table.Th>Quotation</Table.Th>
                <Table.Th>Detail</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {s.lines.map((l, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{formatDate(l.date)}</Table.Td>
                  <Table.Td>{KIND_LABELS[l.kind]}</Table.Td>
                  <Table.Td>{l.quotationId}</Table.Td>
                  <Table.Td>{l.detail}</Table.Td>
                  <Table.Td ta="right">{m(l.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Text size="sm">
          Raised {m(s.totals.raised)} · paid {m(s.totals.paid)} · reversed {m(s.totals.reversed)} ·{' '}
          <b>owed for the period {m(s.totals.net)}</b>
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * /staff/dmc-payables/statement?supplier=hotel:<id>: a supplier's statement of a period, printable ("Download
 * PDF" prints it, as the receipts' pages do).
 */
export default function SupplierStatementPage() {
  const [params] = useSearchParams();
  const supplier = params.get('supplier') ?? '';
  const today = new Date();
  const [from, setFrom] = useState(monthStart(today));
  const [to, setTo] = useState(today.toISOString().slice(0, 10));
  const statement = useApi(getSupplierStatement, supplier && from && to ? { supplier, from, to } : null);
  return (
    <DmcPage title="Supplier Statement" permission="dmc.payables">
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <DateField label="From" value={from} onChange={setFrom} />
          <DateField label="To" value={to} onChange={setTo} />
          <Button variant="light" onClick={() => window.print()}>
            Download PDF
          </Button>
        </Group>
        {!supplier ? (
          <Text size="sm">Pick a supplier on the payables screen to see its statement.</Text>
        ) : statement.data ? (
          <Statement s={statement.data} />
        ) : statement.error ? (
          <Text size="sm">{statement.error.message}</Text>
        ) : (
          <Text size="sm">Loading statement…</Text>
        )}
      </Stack>
    </DmcPage>
  );
}
