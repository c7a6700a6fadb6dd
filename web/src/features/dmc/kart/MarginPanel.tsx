import { Alert, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { TKart } from '@tp/contracts/endpoints/kart';
import { money } from '../shared/format.ts';

const pct = (v: number | null) => (v === null ? '–' : `${v.toFixed(2)} %`);

/**
 * What the saved quotation makes: cost, sell, margin (on sell) and markup (on cost), for staff only. Warns when the
 * margin is under the site's minimum, before the quotation is shared.
 */
export function MarginPanel({ kart }: { kart: TKart }) {
  const g = kart.margins;
  const m = (n: number) => money(n, kart.currencySymbol);
  const rows = [
    { label: 'Cost', value: m(g.cost) },
    { label: 'Sell', value: m(g.sell) },
    { label: 'Margin', value: `${m(g.margin)} (${pct(g.marginPercent)})`, testId: 'kart-margin' },
    { label: 'Markup on cost', value: pct(g.markupPercent) },
    // Vouchered: what the receipts brought in less what the suppliers are owed.
    ...(kart.realised
      ? [
          { label: 'Collected', value: m(kart.realised.collected) },
          { label: 'Owed to suppliers', value: m(kart.realised.owed) },
          { label: 'Collected − owed', value: m(kart.realised.margin), testId: 'kart-realised' },
        ]
      : []),
  ];
  return (
    <Paper withBorder p="md" mt="md" component="aside" aria-label="Margin">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Margin
        </Title>
        <Text size="xs" c="gray.7">
          Staff only: never on the quotation document or its link. Sell excludes the remittance charge.
        </Text>
        <Table verticalSpacing={4} aria-label="Cost and margin">
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.label}>
                <Table.Th scope="row" fw={400}>
                  {r.label}
                </Table.Th>
                <Table.Td ta="right" data-testid={r.testId}>
                  {r.value}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {g.overridden > 0 && (
          <Text size="sm">
            {g.overridden === 1 ? '1 line is' : `${g.overridden} lines are`} priced by hand (see the lines).
          </Text>
        )}
        {kart.marginBelowMinimum && (
          <Alert color="orange" variant="light" title="Margin below the minimum" role="status">
            This quotation makes {pct(g.marginPercent)}, under the site's minimum of {pct(kart.minimumMarginPercent)}.
            Check the prices before sharing it.
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
