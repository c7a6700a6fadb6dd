import { Anchor, Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  KART_RECEIPT_PATH,
  RECEIPT_METHOD_LABELS,
  getKartById,
  getKartReceipts,
  recordKartReceipt,
  type TKart,
} from '@tp/contracts/endpoints/kart';
import { AmountInput } from '#shared/AmountInput.tsx';
import { useCursorList } from '#shared/cursor-pages.tsx';
import { useEndpointForm } from '#shared/form.ts';
import { formatDate, formatDateTime } from '#shared/format.ts';
import { money } from '../shared/format.ts';
import { KartCancellation } from './KartCancellation.tsx';

/** One key per visit of the form: a double submit or a retry records one receipt. */
export const newPaymentKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

export const receiptPath = (receiptId: string) => KART_RECEIPT_PATH.replace(':receiptId', receiptId);

/** Staff record a bank transfer or cash received, with its reference; the receipt is numbered by the server. */
function RecordReceipt({ kart, onRecorded }: { kart: TKart; onRecorded: () => void }) {
  const [key, setKey] = useState(newPaymentKey);
  const { form, submit, busy } = useEndpointForm({
    endpoint: recordKartReceipt,
    initialValues: { amount: '' as number | string, method: 'bankTransfer' as 'bankTransfer' | 'cash', reference: '' },
    toRequest: (v) => ({
      id: kart.id,
      amount: v.amount === '' ? Number.NaN : Number(v.amount),
      method: v.method,
      reference: v.reference,
      idempotencyKey: key,
    }),
    revalidate: [getKartById],
    onSuccess: () => {
      form.reset();
      setKey(newPaymentKey());
      onRecorded();
    },
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Record a receipt">
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          Record a bank transfer or cash received
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <AmountInput label={`Amount (${kart.currencySymbol})`} {...form.getInputProps('amount')} />
          <Select
            label="Received by"
            data={[
              { value: 'bankTransfer', label: RECEIPT_METHOD_LABELS.bankTransfer },
              { value: 'cash', label: RECEIPT_METHOD_LABELS.cash },
            ]}
            allowDeselect={false}
            {...form.getInputProps('method')}
          />
          <TextInput label="Reference (UTR or slip number)" {...form.getInputProps('reference')} />
        </SimpleGrid>
        <Group>
          <Button type="submit" variant="light" loading={busy}>
            Record receipt
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The quotation's money beside the builder: its payment schedule (deposit on acceptance, balance by its day), the
 * acceptance, the receipts (each printable) and an offline receipt to record. Collected is the receipts' sum, never
 * typed.
 */
export function KartPayments({ kart }: { kart: TKart }) {
  const receipts = useCursorList(getKartReceipts, { id: kart.id, limit: 20 });
  // A payment made elsewhere (the shared link, the gateway) moves what was collected: the list is read again
  // (a cached first page is otherwise kept).
  const reload = useRef(receipts.reload);
  useEffect(() => {
    reload.current = receipts.reload;
  });
  useEffect(() => {
    void reload.current();
  }, [kart.collectedPayment]);
  const m = (n: number) => money(n, kart.currencySymbol);
  const s = kart.schedule;
  return (
    <Paper withBorder p="md" mt="md" maw={{ md: '66.6%' }} component="section" aria-label="Payments">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Payments
        </Title>
        <Text size="sm">
          Deposit on acceptance {m(s.deposit)}
          {s.terms.depositKind === 'percent' ? ` (${s.terms.depositValue} %)` : ''}; balance {m(s.balance)} by{' '}
          {formatDate(s.balanceDueDate)}.
        </Text>
        <Text size="sm" c="gray.7">
          {kart.acceptance
            ? `Version ${kart.acceptance.version} accepted ${formatDateTime(kart.acceptance.at)}.`
            : 'Not accepted yet.'}
        </Text>
        {receipts.records === undefined ? (
          <Text size="sm">Loading receipts…</Text>
        ) : receipts.records.length === 0 ? (
          <Text size="sm">No payment received yet.</Text>
        ) : (
          <Table verticalSpacing={4} aria-label="Receipts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Receipt</Table.Th>
                <Table.Th>Received</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {receipts.records.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    <Anchor component={Link} to={receiptPath(r.id)} size="sm">
                      {r.number}
                    </Anchor>
                    <Text size="xs" c="gray.7">
                      {RECEIPT_METHOD_LABELS[r.method]}
                    </Text>
                  </Table.Td>
                  <Table.Td>{formatDate(r.receivedAt.slice(0, 10))}</Table.Td>
                  <Table.Td ta="right">{m(r.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {receipts.hasMore && (
          <Group>
            <Button variant="subtle" size="xs" loading={receipts.loadingMore} onClick={receipts.more}>
              Show more
            </Button>
          </Group>
        )}
        <KartCancellation kart={kart} />
        {!kart.isCancelled && kart.totals.balanceDue > 0 && (
          <RecordReceipt kart={kart} onRecorded={() => void receipts.reload()} />
        )}
      </Stack>
    </Paper>
  );
}
