import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { KART_SECTIONS, QUOTATION_TEXT, type KartTotals } from '@tp/domain/dmc';
import { money } from '../shared/format.ts';

interface TotalRow {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}

const CHARGES = ['serviceCharge', 'remittanceCharge', 'discount'] as const;

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
  // One list of rows, one way to render them: the bold rows are the totals the staff act on.
  const rows: TotalRow[] = totals
    ? [
        ...KART_SECTIONS.filter((s) => totals.sections[s] !== 0).map((s) => ({
          label: QUOTATION_TEXT.sections[s],
          value: m(totals.sections[s]),
        })),
        { label: 'Subtotal', value: m(totals.subtotal) },
        ...CHARGES.filter((c) => totals[c] !== 0).map((c) => ({
          label: QUOTATION_TEXT.charges[c],
          value: c === 'discount' ? `− ${m(totals[c])}` : m(totals[c]),
        })),
        { label: 'Grand total', value: m(totals.grandTotal), strong: true, testId: 'grand-total' },
        { label: 'Collected', value: m(totals.collectedPayment) },
        { label: 'Balance due', value: m(totals.balanceDue), strong: true, testId: 'balance-due' },
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
              {rows.map((r) => (
                <Table.Tr key={r.label}>
                  <Table.Th scope="row" fw={r.strong ? 700 : 400}>
                    {r.label}
                  </Table.Th>
                  <Table.Td ta="right" fw={r.strong ? 700 : undefined} data-testid={r.testId}>
                    {r.value}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm">Fix the amounts marked in the form to see the totals.</Text>
        )}
      </Stack>
    </Paper>
  );
}
