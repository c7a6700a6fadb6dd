import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { KART_SECTIONS, QUOTATION_TEXT, type KartTotals } from '@tp/domain/dmc';
import { money } from '../shared/format.ts';

/**
 * The quotation's totals beside the form (below it on a phone): a preview computed by the domain's `kartTotals`
 * while the form differs from what was saved, the server's totals once saved. Never what is sent: the server
 * computes its own.
 */
export function TotalsPanel({
  totals,
  currency,
  saved,
}: {
  totals: KartTotals | null;
  currency: string;
  /** True: these are the server's totals of the saved quotation. */
  saved: boolean;
}) {
  const m = (n: number) => money(n, currency);
  const rows: [string, string][] = totals
    ? [
        ...KART_SECTIONS.filter((s) => totals.sections[s] !== 0).map(
          (s) => [QUOTATION_TEXT.sections[s], m(totals.sections[s])] as [string, string],
        ),
        ['Subtotal', m(totals.subtotal)],
        ...(totals.serviceCharge
          ? [[QUOTATION_TEXT.charges.serviceCharge, m(totals.serviceCharge)] as [string, string]]
          : []),
        ...(totals.remittanceCharge
          ? [[QUOTATION_TEXT.charges.remittanceCharge, m(totals.remittanceCharge)] as [string, string]]
          : []),
        ...(totals.discount ? [[QUOTATION_TEXT.charges.discount, `− ${m(totals.discount)}`] as [string, string]] : []),
      ]
    : [];
  return (
    <Paper withBorder p="md" className="kart-totals" component="aside" aria-label="Totals">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Totals
        </Title>
        <Text size="xs" c="dimmed">
          {saved ? 'As saved (computed on the server).' : 'Preview; the server computes the totals again on save.'}
        </Text>
        {totals ? (
          <Table verticalSpacing={4} aria-label={saved ? 'Saved totals' : 'Totals preview'}>
            <Table.Tbody>
              {rows.map(([k, v]) => (
                <Table.Tr key={k}>
                  <Table.Th scope="row" fw={400}>
                    {k}
                  </Table.Th>
                  <Table.Td ta="right">{v}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Th scope="row">Grand total</Table.Th>
                <Table.Td ta="right" fw={700} data-testid="grand-total">
                  {m(totals.grandTotal)}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row" fw={400}>
                  Collected
                </Table.Th>
                <Table.Td ta="right">{m(totals.collectedPayment)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">Balance due</Table.Th>
                <Table.Td ta="right" fw={700} data-testid="balance-due">
                  {m(totals.balanceDue)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm">Fix the amounts marked in the form to see the totals.</Text>
        )}
      </Stack>
    </Paper>
  );
}
