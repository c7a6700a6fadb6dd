import { Button, Group, NativeSelect, Paper, Text } from '@mantine/core';
import type { TOpsDriver } from '@tp/contracts/endpoints/dmc-operations';
import { JOB_SHEET_SORTS, type JobSheetSort } from '@tp/domain/dmc';
import { DateField } from '#shared/DateField.tsx';
import type { useAssignment } from './assign.tsx';
import { NO_DRIVER, type JobSheetQuery } from './job-sheet-query.ts';

const SORT_LABELS: Record<JobSheetSort, string> = { time: 'Time', driver: 'Driver', area: 'Pickup area' };

/** From, to, driver and sort above the sheet. */
export function JobSheetFilters({ query, drivers }: { query: JobSheetQuery; drivers: TOpsDriver[] }) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <DateField label="From" w={150} value={query.range.from} onChange={query.setFrom} />
      <DateField label="To" w={150} value={query.range.to} minDate={query.range.from} onChange={query.setTo} />
      <NativeSelect
        label="Driver"
        w={180}
        value={query.driverFilter}
        onChange={(e) => query.setDriverFilter(e.currentTarget.value)}
        data={[
          { value: '', label: 'All drivers' },
          { value: NO_DRIVER, label: 'No driver yet' },
          ...drivers.map((d) => ({ value: d.driverId, label: d.driverName })),
        ]}
      />
      <NativeSelect
        label="Sort by"
        w={150}
        value={query.sortBy}
        onChange={(e) => query.setSortBy(e.currentTarget.value as JobSheetSort)}
        data={JOB_SHEET_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
      />
    </Group>
  );
}

/** One driver for every selected transfer (the conflict check first, as for one row). */
export function BulkAssignBar({
  chosen,
  drivers,
  assignment,
  bulkDriver,
  setBulkDriver,
  onClear,
}: {
  /** The selected transfers still open. */
  chosen: string[];
  drivers: TOpsDriver[];
  assignment: ReturnType<typeof useAssignment>;
  /** The driver chosen here (kept by the page: it stays chosen for the next selection). */
  bulkDriver: string;
  setBulkDriver: (driverId: string) => void;
  onClear: () => void;
}) {
  return (
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
        <Button variant="subtle" onClick={onClear}>
          Clear selection
        </Button>
      </Group>
    </Paper>
  );
}
