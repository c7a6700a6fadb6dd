import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Link } from 'react-router-dom';
import {
  IMPORT_SUPPLIER_LABELS,
  IMPORT_SUPPLIERS,
  importPnr,
  PNR_IMPORT_MSG,
  previewPnrImport,
  type TPnrImportPreview,
  type TPnrImportRequest,
} from '@tp/contracts/endpoints/pnr-import';
import { useAction } from '#api/action.ts';
import { formatDateTime, formatMoney } from '#shared/format.ts';
import { useEndpointForm } from '#shared/form.ts';
import { ticketSlug } from '@tp/contracts/endpoints/tickets';
import { eTicketPath, flightPaths } from '#features/flights/index.ts';

const PAX = { 1: 'Adult', 2: 'Child', 3: 'Infant' } as const;

/**
 * `/flights/import-pnr` (staff, `flights.importPnr`): a booking made outside the platform brought in for a customer
 * of the site. The supplier is asked first and what it holds is shown; importing makes it an ordinary ticketed
 * booking of the customer (queues, e-ticket, change requests, invoice). No wallet money moves.
 */
export default function ImportPnrPage() {
  const [preview, setPreview] = useState<{ request: TPnrImportRequest; found: TPnrImportPreview } | null>(null);
  const [done, setDone] = useState<{ bookingId: string; pnr: string } | null>(null);
  const { form, submit, busy } = useEndpointForm({
    endpoint: previewPnrImport,
    initialValues: { supplier: 'simulator' as TPnrImportRequest['supplier'], pnr: '', lastName: '', customerEmail: '' },
    onSuccess: (found, request) => {
      setDone(null);
      setPreview({ request: request as TPnrImportRequest, found });
    },
  });
  const importing = useAction(importPnr, {
    success: PNR_IMPORT_MSG.imported,
    onSuccess: (result) => {
      setDone(result);
      setPreview(null);
      form.reset();
    },
  });
  const p = preview?.found;

  return (
    <Container size="md" py="md">
      <Stack gap="md">
        <Title order={1} size="h2">
          Import PNR
        </Title>
        <Text size="sm" c="dimmed">
          Bring in a booking made outside this site: it becomes a ticketed booking of the customer you choose, with its
          e-ticket, change requests and invoice. No wallet money moves.
        </Text>
        <Paper withBorder p="md" component="form" onSubmit={submit} aria-label="Find the booking" noValidate>
          <Stack gap="sm">
            <Select
              label="Supplier"
              required
              allowDeselect={false}
              data={IMPORT_SUPPLIERS.map((s) => ({ value: s, label: IMPORT_SUPPLIER_LABELS[s] }))}
              {...form.getInputProps('supplier')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={form.values.supplier === 'duffel' ? 'Order id' : 'PNR'}
                required
                autoComplete="off"
                {...form.getInputProps('pnr')}
              />
              <TextInput label="Passenger last name" required autoComplete="off" {...form.getInputProps('lastName')} />
            </SimpleGrid>
            <TextInput
              label="Customer's email"
              description="The customer of this site who will own the booking"
              type="email"
              required
              {...form.getInputProps('customerEmail')}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={busy}>
                Find booking
              </Button>
            </Group>
          </Stack>
        </Paper>

        {done && (
          <Alert color="green" title={`PNR ${done.pnr} imported as booking ${done.bookingId}`} role="status">
            <Group gap="sm" mt="xs">
              <Button component={Link} to={eTicketPath(ticketSlug(done.bookingId, done.pnr))} size="xs" variant="light">
                Open e-ticket
              </Button>
              <Button component={Link} to={flightPaths.ticketQueue()} size="xs" variant="default">
                Air Ticket Queue
              </Button>
            </Group>
          </Alert>
        )}

        {p && preview && (
          <Paper withBorder p="md" component="section" aria-labelledby="import-preview">
            <Stack gap="sm">
              <Group justify="space-between" wrap="wrap">
                <Title order={2} size="h4" id="import-preview">
                  PNR {p.pnr} · {p.airlineName} ({p.airlineCode})
                </Title>
                {p.testInventory && <Badge color="orange">Test inventory</Badge>}
              </Group>
              <Text size="sm">
                For {p.customer.name} ({p.customer.email}) · supplier booking {p.supplierBookingId}
              </Text>
              <Table aria-label="Flights">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Flight</Table.Th>
                    <Table.Th>From</Table.Th>
                    <Table.Th>To</Table.Th>
                    <Table.Th>Departs</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {p.segments.flat().map((s) => (
                    <Table.Tr key={`${s.airlineCode}${s.flightNumber}-${s.departureTime}`}>
                      <Table.Td>
                        {s.airlineCode} {s.flightNumber}
                      </Table.Td>
                      <Table.Td>{s.originAirportCode}</Table.Td>
                      <Table.Td>{s.destinationAirportCode}</Table.Td>
                      <Table.Td>{formatDateTime(s.departureTime)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Table aria-label="Passengers">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Passenger</Table.Th>
                    <Table.Th>Type</Table.Th>
                    <Table.Th>Ticket</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {p.passengers.map((x) => (
                    <Table.Tr key={x.name}>
                      <Table.Td>{x.name}</Table.Td>
                      <Table.Td>{PAX[x.paxType as 1 | 2 | 3] ?? ''}</Table.Td>
                      <Table.Td>{x.ticketNumber ?? 'Not ticketed'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Group justify="space-between" wrap="wrap">
                <Text size="sm">Supplier fare: {formatMoney(p.supplierFare, p.currency)}</Text>
                <Text fw={700}>Invoiced to the customer: {formatMoney(p.invoiceTotal, p.currency)}</Text>
              </Group>
              <Group justify="flex-end" gap="xs">
                <Button variant="default" onClick={() => setPreview(null)} disabled={importing.busy}>
                  Cancel
                </Button>
                <Button loading={importing.busy} onClick={() => void importing.run(preview.request)}>
                  Import booking
                </Button>
              </Group>
            </Stack>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
