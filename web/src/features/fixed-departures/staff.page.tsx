import { useState } from 'react';
import { Badge, Button, Group, Modal, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import {
  fixedDepartureSales,
  listFixedDepartures,
  type TStaffDeparture,
} from '@tp/contracts/endpoints/fixed-departures';
import { DataTable } from '#shared/DataTable.tsx';
import { formatDate, formatDateTime, formatMoney } from '#shared/format.ts';
import { usePermission } from '#shared/usePermission.ts';
import { CursorPager, useCursorPages } from '#shared/cursor-pages.tsx';
import { DepartureForm } from './DepartureForm.tsx';
import { routeLabel } from './FlightLines.tsx';

/** A departure's state in a word: stopped by staff, sold out, on sale, or outside its sale window. */
const statusOf = (d: TStaffDeparture): [string, string] =>
  !d.isActive
    ? ['Stopped', 'red']
    : d.seatsLeft === 0
      ? ['Sold out', 'orange']
      : d.onSale
        ? ['On sale', 'green']
        : ['Closed', 'gray'];

function Sales({ departure, onClose }: { departure: TStaffDeparture; onClose: () => void }) {
  const sales = useCursorPages(fixedDepartureSales, { id: departure.id });
  return (
    <Modal opened onClose={onClose} title={`Bookings: ${departure.title || routeLabel(departure.flights)}`} size="xl">
      <Stack gap="sm">
        <Text size="sm">
          {departure.totalSeats - departure.seatsLeft} of {departure.totalSeats} seats sold · group PNR {departure.pnr}
        </Text>
        <DataTable
          label="Bookings on this departure"
          rows={sales.data?.records}
          loading={sales.isLoading}
          rowKey={(s) => s.orderId}
          empty="No seats sold yet"
          minWidth={600}
          columns={[
            { key: 'booking', header: 'Booking', render: (s) => `${s.bookingId} · ${s.pnr}`, nowrap: true },
            { key: 'site', header: 'Sold on', render: (s) => `${s.siteName} (${s.bookedBy})` },
            { key: 'pax', header: 'Passengers', render: (s) => s.passengers.join(', ') },
            { key: 'seats', header: 'Seats', render: (s) => s.seats },
            { key: 'amount', header: 'Amount', render: (s) => formatMoney(s.amount, s.currency), nowrap: true },
            { key: 'at', header: 'Booked', render: (s) => formatDateTime(s.createdAt), nowrap: true },
          ]}
        />
        <CursorPager pages={sales} />
      </Stack>
    </Modal>
  );
}

/**
 * /staff/fixed-departures (ours): the site's fixed-departure inventory (group PNR, flights, seats left, fares,
 * sale window), added and edited here; each row opens its name list. Markup per group and sector is set in
 * Manage Markup.
 */
export default function StaffFixedDeparturesPage() {
  const allowed = usePermission('fixedDepartures.manage');
  const [past, setPast] = useState(false);
  const list = useCursorPages(listFixedDepartures, allowed ? { past } : null);
  const [editing, setEditing] = useState<TStaffDeparture | null | 'new'>(null);
  const [sales, setSales] = useState<TStaffDeparture | null>(null);

  return (
    <Stack gap="md" component="section" aria-labelledby="fd-staff-title">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2" id="fd-staff-title">
          Fixed Departures
        </Title>
        {allowed && <Button onClick={() => setEditing('new')}>Add fixed departure</Button>}
      </Group>
      {!allowed ? (
        <Text>You do not have permission to manage fixed departures.</Text>
      ) : (
        <>
          <SegmentedControl
            w="fit-content"
            aria-label="Which departures"
            value={past ? 'past' : 'upcoming'}
            onChange={(v) => setPast(v === 'past')}
            data={[
              { value: 'upcoming', label: 'Upcoming' },
              { value: 'past', label: 'Departed' },
            ]}
          />
          <DataTable
            label="Fixed departures"
            rows={list.data?.records}
            loading={list.isLoading}
            rowKey={(d) => d.id}
            empty="No fixed departures yet"
            columns={[
              {
                key: 'route',
                header: 'Departure',
                render: (d) => (
                  <Stack gap={0}>
                    <Text size="sm" fw={600}>
                      {d.title || routeLabel(d.flights)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {d.flights.map((f) => `${f.airlineCode} ${f.flightNumber}`).join(', ')} · PNR {d.pnr}
                    </Text>
                  </Stack>
                ),
              },
              {
                key: 'departs',
                header: 'Departs',
                render: (d) => formatDateTime(d.flights[0]?.departureTime),
                nowrap: true,
              },
              { key: 'seats', header: 'Seats left', render: (d) => `${d.seatsLeft} / ${d.totalSeats}`, nowrap: true },
              {
                key: 'fare',
                header: 'Adult fare',
                render: (d) => formatMoney(d.fares.adult.baseFare + d.fares.adult.tax, d.currency),
                nowrap: true,
              },
              { key: 'sale', header: 'Sale', render: (d) => `${formatDate(d.saleFrom)} – ${formatDate(d.saleUntil)}` },
              {
                key: 'state',
                header: 'Status',
                render: (d) => (
                  <Badge variant="light" color={statusOf(d)[1]} style={{ overflow: 'visible' }}>
                    {statusOf(d)[0]}
                  </Badge>
                ),
              },
              {
                key: 'actions',
                header: 'Actions',
                render: (d) => (
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => setEditing(d)}
                      aria-label={`Edit ${d.title || routeLabel(d.flights)}`}
                    >
                      Edit
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setSales(d)}
                      aria-label={`Bookings of ${d.title || routeLabel(d.flights)}`}
                    >
                      Bookings
                    </Button>
                  </Group>
                ),
              },
            ]}
          />
          <CursorPager pages={list} />
        </>
      )}
      {editing && <DepartureForm departure={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {sales && <Sales departure={sales} onClose={() => setSales(null)} />}
    </Stack>
  );
}
