import { Table, Text } from '@mantine/core';
import type { TRefundBreakdown } from '@tp/contracts/endpoints/flights';
import { refundRows } from '@tp/domain/refund';
import { formatMoney } from '#shared/format.ts';

/**
 * A refund taken apart (domain refundBreakdown, rows by `refundRows` as in the refund mail): what was paid, the
 * airline's charge, what the reseller keeps and why, the refund, and where it goes. The lines add up to what was
 * paid.
 */
export function RefundBreakdownTable({ breakdown, caption }: { breakdown: TRefundBreakdown; caption: string }) {
  const rows = refundRows(breakdown, formatMoney);
  const where = rows.at(-1)!;
  return (
    <>
      <Table withTableBorder verticalSpacing={6} aria-label={caption}>
        <Table.Tbody>
          {rows.slice(0, -1).map((r, i) => (
            <Table.Tr key={i}>
              <Table.Th scope="row" fw={r.strong ? 700 : 400} pl={r.strong ? undefined : 'lg'}>
                {r.label}
              </Table.Th>
              <Table.Td ta="right" fw={r.strong ? 700 : 400} style={{ whiteSpace: 'nowrap' }}>
                {r.value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm">
        <Text span fw={700}>
          {where.label}:
        </Text>{' '}
        {where.value}
      </Text>
    </>
  );
}
