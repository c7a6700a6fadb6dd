import { Anchor, Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { TKart } from '@tp/contracts/endpoints/kart';
import { SUPPLIER_STATUS_LABELS, getKartSupplierRequests, kartVouchersPath } from '@tp/contracts/endpoints/kart-paper';
import { useApi } from '#api/hooks.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { formatDateTime } from '#shared/format.ts';

const STATUS_COLORS = { requested: 'blue', confirmed: 'green', declined: 'red' } as const;

/**
 * A vouchered quotation's paper: each supplied service with its supplier's answer to the booking request (requested,
 * confirmed with its number, declined with the reason), and the guest's vouchers to print.
 */
export function KartPaper({ kart }: { kart: TKart }) {
  const requests = useApi(getKartSupplierRequests, { id: kart.id });
  return (
    <Paper withBorder p="md" mt="md" maw={{ md: '66.6%' }} component="section" aria-labelledby="kart-paper-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="kart-paper-title">
          Suppliers and vouchers
        </Title>
        {!kart.isCancelled && (
          <Anchor component={Link} to={kartVouchersPath(kart.id)} size="sm">
            Print the guest's vouchers
          </Anchor>
        )}
        <AsyncContent
          data={requests.data?.requests}
          error={requests.error}
          onRetry={() => void requests.mutate()}
          loadingLabel="Supplier status"
          emptyText="No hotel or activity to request from a supplier."
          isEmpty={(r) => r.length === 0}
        >
          {(rows) => (
            <Table.ScrollContainer minWidth={420}>
              <Table verticalSpacing={4} aria-label="Supplier status">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Service</Table.Th>
                    <Table.Th>Supplier</Table.Th>
                    <Table.Th>Status</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r) => (
                    <Table.Tr key={r.lineId}>
                      <Table.Td>{r.service}</Table.Td>
                      <Table.Td>{r.supplierName || '–'}</Table.Td>
                      <Table.Td>
                        {r.status ? (
                          <Stack gap={2}>
                            <Badge color={STATUS_COLORS[r.status]} variant="light">
                              {SUPPLIER_STATUS_LABELS[r.status]}
                            </Badge>
                            {r.confirmationNumber && <Text size="sm">No. {r.confirmationNumber}</Text>}
                            {r.reason && <Text size="sm">{r.reason}</Text>}
                            {r.answeredAt && (
                              <Text size="xs" c="gray.7">
                                {formatDateTime(r.answeredAt)}
                              </Text>
                            )}
                          </Stack>
                        ) : (
                          <Text size="sm" c="gray.7">
                            Not requested: no e-mail on the supplier
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </AsyncContent>
      </Stack>
    </Paper>
  );
}
