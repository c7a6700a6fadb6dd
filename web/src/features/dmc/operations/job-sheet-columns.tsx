import { Badge, Checkbox, NativeSelect, Stack, Text } from '@mantine/core';
import type { TJobSheetRow, TOpsDriver } from '@tp/contracts/endpoints/dmc-operations';
import type { Column } from '#shared/DataTable.tsx';
import { formatDate } from '#shared/format.ts';
import { transferName, type useAssignment } from './assign.tsx';
import { isOpen } from './job-sheet-query.ts';
import { LEG_LABELS, LEG_SHARING_LABELS, paxLabel } from './labels.tsx';
import { ChargesInput, StatusControls } from './row-controls.tsx';

type Assignment = ReturnType<typeof useAssignment>;

/** A transfer's driver picker (assigning through the conflict check), the driver's vehicle and its warnings. */
function DriverCell({
  row,
  drivers,
  assignment,
}: {
  row: TJobSheetRow;
  drivers: TOpsDriver[];
  assignment: Assignment;
}) {
  const seats = drivers.find((d) => d.driverId === row.driverId)?.vehicleCapacity;
  return (
    <Stack gap={4} miw={160}>
      <NativeSelect
        size="xs"
        aria-label={`Driver for ${transferName(row)}`}
        value={row.driverId ?? ''}
        disabled={!isOpen(row) || assignment.busy}
        data={[
          { value: '', label: '— No driver —' },
          ...drivers.map((d) => ({ value: d.driverId, label: d.driverName })),
          // A driver no longer listed still shows by name.
          ...(row.driverId && !drivers.some((d) => d.driverId === row.driverId)
            ? [{ value: row.driverId, label: row.driverName ?? row.driverId }]
            : []),
        ]}
        onChange={(e) => {
          const id = e.currentTarget.value;
          if (!id) void assignment.unassign(row.id);
          else void assignment.propose([row.id], id, drivers.find((d) => d.driverId === id)?.driverName ?? id);
        }}
      />
      {seats != null && (
        <Text size="xs" c="dimmed">
          Vehicle: {seats} seats
        </Text>
      )}
      {row.warnings.map((w, i) => (
        <Text key={i} size="xs" c="orange.9">
          ⚠ {w.message}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * The sheet's columns: select, date and time, quotation and lead guest, pax, service and route, sharing (the leg's
 * own), driver (with the vehicle's seats), charges, status.
 */
export function jobSheetColumns({
  selected,
  toggle,
  drivers,
  assignment,
}: {
  selected: ReadonlySet<string>;
  toggle: (id: string, on: boolean) => void;
  drivers: TOpsDriver[];
  assignment: Assignment;
}): Column<TJobSheetRow>[] {
  return [
    {
      key: 'select',
      header: '',
      width: 36,
      render: (r) => (
        <Checkbox
          aria-label={`Select ${transferName(r)}`}
          checked={selected.has(r.id)}
          disabled={!isOpen(r)}
          onChange={(e) => toggle(r.id, e.currentTarget.checked)}
        />
      ),
    },
    {
      key: 'when',
      header: 'Date',
      nowrap: true,
      render: (r) => (
        <>
          <Text size="sm">{r.date ? formatDate(r.date) : '—'}</Text>
          <Text size="sm" fw={700}>
            {r.time ?? 'No time'}
          </Text>
        </>
      ),
    },
    {
      key: 'customer',
      header: 'Quotation and guest',
      render: (r) => (
        <>
          <Text size="xs" c="dimmed">
            {r.quotationNo}
          </Text>
          <Text size="sm" fw={600}>
            {r.customerName}
          </Text>
          {r.paymentOverdue && (
            <Badge color="red" variant="light" size="sm">
              Payment overdue
            </Badge>
          )}
          {r.leadGuest && <Text size="xs">Lead guest: {r.leadGuest}</Text>}
          {r.customerPhone && (
            <Text size="xs" component="a" href={`tel:${r.customerPhone}`}>
              {r.customerPhone}
            </Text>
          )}
        </>
      ),
    },
    { key: 'pax', header: 'Pax', render: (r) => paxLabel(r.pax) },
    {
      key: 'route',
      header: 'Pickup → drop',
      render: (r) => (
        <>
          {r.service && (
            <Text size="sm" fw={600}>
              {r.service}
            </Text>
          )}
          <Text size="sm">
            {r.pickupLocation} → {r.dropLocation}
          </Text>
          <Text size="xs" c="dimmed">
            {[
              LEG_LABELS[r.leg],
              r.hotelName && r.hotelName !== r.service && `Staying at ${r.hotelName}`,
              r.flightNo && `Flight ${r.flightNo}`,
              r.remarks,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </>
      ),
    },
    { key: 'sharing', header: 'Sharing', render: (r) => LEG_SHARING_LABELS[r.sharingType] },
    {
      key: 'driver',
      header: 'Driver',
      render: (r) => <DriverCell row={r} drivers={drivers} assignment={assignment} />,
    },
    {
      key: 'charges',
      header: 'Charges',
      render: (r) => <ChargesInput key={String(r.internalDriverCharges)} row={r} />,
    },
    { key: 'status', header: 'Status', render: (r) => <StatusControls row={r} /> },
  ];
}
