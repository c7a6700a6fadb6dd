import { useMemo, useState } from 'react';
import { Button, Checkbox, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import {
  exportTransferJobSheet,
  getTransferJobSheet,
  type TJobSheetRow,
  type TOpsDriver,
} from '@tp/contracts/endpoints/dmc-operations';
import { JOB_SHEET_SORTS, type JobSheetSort } from '@tp/domain/dmc';
import { useAction } from '#api/action.ts';
import { useApi } from '#api/hooks.ts';
import { DataTable, type Column } from '#shared/DataTable.tsx';
import { DateField } from '#shared/DateField.tsx';
import { formatDate } from '#shared/format.ts';
import { usePermission } from '#shared/usePermission.ts';
import { downloadBase64 } from '../data/files.ts';
import { SHARING_BASIS_LABELS } from '../shared/format.ts';
import { DmcPage } from '../shared/page.tsx';
import { transferName, useAssignment } from './assign.tsx';
import { defaultRange } from './dates.ts';
import { DriverLinksDialog } from './driver-links.tsx';
import { LEG_LABELS, paxLabel } from './labels.tsx';
import { ChargesInput, StatusControls } from './row-controls.tsx';

/** Rows a page shows: a month's sheet can hold hundreds of transfers. */
export const JOB_SHEET_PAGE_SIZE = 50;
/** The driver filter's value for "transfers without a driver" (the API's `driverId: null`). */
const NO_DRIVER = '-';
const SORT_LABELS: Record<JobSheetSort, string> = { time: 'Time', driver: 'Driver', area: 'Pickup area' };

const isOpen = (r: TJobSheetRow) => r.status === 'pending' || r.status === 'assigned';

function DriverCell({
  row,
  drivers,
  assignment,
}: {
  row: TJobSheetRow;
  drivers: TOpsDriver[];
  assignment: ReturnType<typeof useAssignment>;
}) {
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
      {row.warnings.map((w, i) => (
        <Text key={i} size="xs" c="orange.9">
          ⚠ {w.message}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * /staff/dmc_job_sheet (spec 001 §2, issue #14 item 4): the transfers of a date range (today → tomorrow by
 * default), of one driver or all, sorted; assign drivers one by one or in bulk (warnings first), charges,
 * done / not done, the Excel export and the driver links.
 */
export default function JobSheetPage() {
  const [range, setRange] = useState(defaultRange);
  const [driverFilter, setDriverFilter] = useState('');
  const [sortBy, setSortBy] = useState<JobSheetSort>('time');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulkDriver, setBulkDriver] = useState('');
  const [linksOpen, setLinksOpen] = useState(false);
  const canLink = usePermission('dmc.driverTokens');

  const query = {
    dateRange: range,
    sortBy,
    ...(driverFilter === NO_DRIVER ? { driverId: null } : driverFilter ? { driverId: driverFilter } : {}),
  };
  const sheet = useApi(getTransferJobSheet, range.from && range.to ? query : null, { keepPreviousData: true });
  const rows = useMemo(() => sheet.data?.transfers ?? [], [sheet.data]);
  const drivers = sheet.data?.drivers ?? [];
  const totalPages = Math.max(1, Math.ceil(rows.length / JOB_SHEET_PAGE_SIZE));
  const shown = sheet.data && rows.slice((page - 1) * JOB_SHEET_PAGE_SIZE, page * JOB_SHEET_PAGE_SIZE);
  const chosen = rows.filter((r) => selected.has(r.id) && isOpen(r)).map((r) => r.id);

  const assignment = useAssignment({ rows, onAssigned: () => setSelected(new Set()) });
  const exportSheet = useAction(exportTransferJobSheet, {
    onSuccess: (r) => downloadBase64(r.fileName, r.contentType, r.base64),
  });
  const refilter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
      setSelected(new Set());
    };
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const columns: Column<TJobSheetRow>[] = [
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
      header: 'Customer',
      render: (r) => (
        <>
          <Text size="sm" fw={600}>
            {r.customerName}
          </Text>
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
          <Text size="sm">
            {r.pickupLocation} → {r.dropLocation}
          </Text>
          <Text size="xs" c="dimmed">
            {[LEG_LABELS[r.leg], r.flightNo && `Flight ${r.flightNo}`, r.remarks].filter(Boolean).join(' · ')}
          </Text>
        </>
      ),
    },
    { key: 'sharing', header: 'Sharing', render: (r) => SHARING_BASIS_LABELS[r.sharingType] },
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

  return (
    <DmcPage
      title="Job Sheet"
      permission="dmc.jobSheet"
      intro="Transfers of the chosen days: assign drivers, set their charges and mark jobs done."
      actions={
        <Group gap="xs">
          {canLink && (
            <Button variant="default" onClick={() => setLinksOpen(true)} disabled={!sheet.data}>
              Driver links
            </Button>
          )}
          <Button
            variant="default"
            loading={exportSheet.busy}
            disabled={!rows.length}
            onClick={() => void exportSheet.run(query)}
          >
            Export .xlsx
          </Button>
        </Group>
      }
    >
      <Stack gap="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <DateField
            label="From"
            w={150}
            value={range.from}
            onChange={refilter((from: string) => setRange((r) => ({ from, to: r.to && r.to < from ? from : r.to })))}
          />
          <DateField
            label="To"
            w={150}
            value={range.to}
            minDate={range.from}
            onChange={refilter((to: string) => setRange((r) => ({ ...r, to })))}
          />
          <NativeSelect
            label="Driver"
            w={180}
            value={driverFilter}
            onChange={(e) => refilter(setDriverFilter)(e.currentTarget.value)}
            data={[
              { value: '', label: 'All drivers' },
              { value: NO_DRIVER, label: 'No driver yet' },
              ...drivers.map((d) => ({ value: d.driverId, label: d.driverName })),
            ]}
          />
          <NativeSelect
            label="Sort by"
            w={150}
            value={sortBy}
            onChange={(e) => refilter(setSortBy)(e.currentTarget.value as JobSheetSort)}
            data={JOB_SHEET_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
          />
        </Group>
        {chosen.length > 0 && (
          <Paper withBorder p="sm" role="region" aria-label="Bulk assignment">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <Text size="sm" fw={600}>
                {chosen.length} selected
              </Text>
              <NativeSelect
                label="Driver for the selected"
                size="sm"
                w={200}
                value={bulkDriver}
                onChange={(e) => setBulkDriver(e.currentTarget.value)}
                data={[
                  { value: '', label: 'Choose a driver' },
                  ...drivers.map((d) => ({ value: d.driverId, label: d.driverName })),
                ]}
              />
              <Button
                disabled={!bulkDriver}
                loading={assignment.busy}
                onClick={() =>
                  void assignment.propose(
                    chosen,
                    bulkDriver,
                    drivers.find((d) => d.driverId === bulkDriver)?.driverName ?? bulkDriver,
                  )
                }
              >
                Assign {chosen.length}
              </Button>
              <Button variant="subtle" onClick={() => setSelected(new Set())}>
                Clear selection
              </Button>
            </Group>
          </Paper>
        )}
        <DataTable
          label="Transfers"
          rows={shown}
          columns={columns}
          rowKey={(r) => r.id}
          loading={sheet.isLoading}
          empty="No transfers for these dates"
          minWidth={960}
          paging={{ page, totalPages, totalRecords: rows.length, onChange: setPage }}
        />
      </Stack>
      {assignment.dialog}
      <DriverLinksDialog opened={linksOpen} onClose={() => setLinksOpen(false)} drivers={drivers} />
    </DmcPage>
  );
}
