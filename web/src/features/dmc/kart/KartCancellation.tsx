import { Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { markKartRefundPaid, type TKartRefund } from '@tp/contracts/endpoints/dmc-payables';
import { getKartById, type TKart } from '@tp/contracts/endpoints/kart';
import { useEndpointForm } from '#shared/form.ts';
import { formatDateTime } from '#shared/format.ts';
import { money } from '../shared/format.ts';

const ROUTE_LABELS: Record<TKartRefund['via'], string> = {
  gateway: 'Through the gateway',
  wallet: "To the agent's wallet",
  manual: 'By hand (bank or cash)',
};

/** A hand-paid refund is marked paid with the bank or cash reference it went out with. */
function MarkPaid({ kart, refund }: { kart: TKart; refund: TKartRefund }) {
  const { form, submit, busy } = useEndpointForm({
    endpoint: markKartRefundPaid,
    initialValues: { reference: '' },
    toRequest: (v) => ({ id: kart.id, receiptId: refund.receiptId, reference: v.reference }),
    revalidate: [getKartById],
  });
  return (
    <form onSubmit={submit} noValidate aria-label={`Mark the refund of ${refund.receiptNumber} paid`}>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput size="xs" label="Refund reference" required {...form.getInputProps('reference')} />
        <Button size="xs" type="submit" variant="light" loading={busy}>
          Mark paid
        </Button>
      </Group>
    </form>
  );
}

/** What a cancellation kept (the fee under the quotation's terms) and gave back, refund by refund. */
export function KartCancellation({ kart }: { kart: TKart }) {
  const c = kart.cancellation;
  if (!c) return null;
  const m = (n: number) => money(n, kart.currencySymbol);
  return (
    <Stack gap="xs" component="section" aria-label="Cancellation">
      <Title order={3} size="h5">
        Cancellation
      </Title>
      <Text size="sm">
        Cancelled {formatDateTime(c.at)}, {c.daysBefore} days before arrival: fee {c.feePercent} % ({m(c.fee)}), kept{' '}
        {m(c.feeKept)}, refunded {m(c.refund)}.
      </Text>
      {c.refunds.length > 0 && (
        <Table verticalSpacing={4} aria-label="Refunds">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Receipt</Table.Th>
              <Table.Th>Refund</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {c.refunds.map((r) => (
              <Table.Tr key={r.receiptId}>
                <Table.Td>{r.receiptNumber}</Table.Td>
                <Table.Td>
                  <Text size="sm">{ROUTE_LABELS[r.via]}</Text>
                  {r.via === 'manual' &&
                    (r.paidAt ? (
                      <Text size="xs" c="gray.7">
                        Paid {formatDateTime(r.paidAt)}, {r.paidReference}
                      </Text>
                    ) : (
                      <MarkPaid kart={kart} refund={r} />
                    ))}
                </Table.Td>
                <Table.Td ta="right">{m(r.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
