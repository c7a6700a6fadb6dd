import { useMemo, useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { exportTransferJobSheet, getTransferJobSheet } from '@tp/contracts/endpoints/dmc-operations';
import { useApi } from '#api/hooks.ts';
import { DataTable } from '#shared/DataTable.tsx';
import { usePermission } from '#shared/usePermission.ts';
import { ExportButton } from '#shared/ExportButton.tsx';
import { DmcPage } from '../shared/page.tsx';
import { useAssignment } from './assign.tsx';
import { DriverLinksDialog } from './driver-links.tsx';
import { jobSheetColumns } from './job-sheet-columns.tsx';
import { isOpen, useJobSheetQuery } from './job-sheet-query.ts';
import { BulkAssignBar, JobSheetFilters } from './JobSheetControls.tsx';

/** Rows a page shows: a month's sheet can hold hundreds of transfers. */
export const JOB_SHEET_PAGE_SIZE = 50;

/**
 * /staff/dmc_job_sheet (spec 001 §2): the transfers of a date range (today → tomorrow by default), of one
 * driver or all, sorted; assign drivers one by one or in bulk (warnings first), charges, done / not done, the
 * Excel export and the driver links.
 */
export default function JobSheetPage() {
  const query = useJobSheetQuery();
  const [bulkDriver, setBulkDriver] = useState('');
  const [linksOpen, setLinksOpen] = useState(false);
  const canLink = usePermission('dmc.driverTokens');

  const sheet = useApi(getTransferJobSheet, query.complete ? query.request : null, { keepPreviousData: true });
  const rows = useMemo(() => sheet.data?.transfers ?? [], [sheet.data]);
  const drivers = sheet.data?.drivers ?? [];
  const { page, selected } = query;
  const totalPages = Math.max(1, Math.ceil(rows.length / JOB_SHEET_PAGE_SIZE));
  const shown = sheet.data && rows.slice((page - 1) * JOB_SHEET_PAGE_SIZE, page * JOB_SHEET_PAGE_SIZE);
  const chosen = rows.filter((r) => selected.has(r.id) && isOpen(r)).map((r) => r.id);

  const assignment = useAssignment({ rows, onAssigned: query.clearSelection });
  const columns = jobSheetColumns({ selected, toggle: query.toggle, drivers, assignment });

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
          <ExportButton
            endpoint={exportTransferJobSheet}
            input={() => query.request}
            label="Export .xlsx"
            variant="default"
            disabled={!rows.length}
          />
        </Group>
      }
    >
      <Stack gap="md">
        <JobSheetFilters query={query} drivers={drivers} />
        {chosen.length > 0 && (
          <BulkAssignBar
            chosen={chosen}
            drivers={drivers}
            assignment={assignment}
            bulkDriver={bulkDriver}
            setBulkDriver={setBulkDriver}
            onClear={query.clearSelection}
          />
        )}
        <DataTable
          label="Transfers"
          rows={shown}
          columns={columns}
          rowKey={(r) => r.id}
          loading={sheet.isLoading}
          empty="No transfers for these dates"
          minWidth={960}
          paging={{ page, totalPages, totalRecords: rows.length, onChange: query.setPage }}
        />
      </Stack>
      {assignment.dialog}
      <DriverLinksDialog opened={linksOpen} onClose={() => setLinksOpen(false)} drivers={drivers} />
    </DmcPage>
  );
}
