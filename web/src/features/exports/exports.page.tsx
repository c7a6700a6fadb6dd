import { Badge, Button, Stack, Text, Title } from '@mantine/core';
import {
  EXPORT_KIND_LABELS,
  EXPORT_LIMITS,
  EXPORT_STATUS_LABELS,
  listExports,
  type ExportStatus,
  type TExportJob,
} from '@tp/contracts/endpoints/exports';
import { DataTable, type Column } from '#shared/DataTable.tsx';
import { CursorPager, useCursorPages } from '#shared/cursor-pages.tsx';
import { ExportProgress, isUnderWay } from '#shared/ExportButton.tsx';
import { formatDateTime } from '#shared/format.ts';

const STATUS_COLOR: Record<ExportStatus, string> = { queued: 'gray', running: 'blue', ready: 'green', failed: 'red' };

const COLUMNS: Column<TExportJob>[] = [
  { key: 'file', header: 'File', render: (j) => <Text size="sm">{j.fileName}</Text> },
  { key: 'kind', header: 'Export', render: (j) => EXPORT_KIND_LABELS[j.kind], nowrap: true },
  { key: 'created', header: 'Started', render: (j) => formatDateTime(j.createdAt), nowrap: true },
  {
    key: 'status',
    header: 'Status',
    render: (j) =>
      isUnderWay(j) ? (
        <ExportProgress job={j} />
      ) : (
        <Badge color={STATUS_COLOR[j.status]} variant="light">
          {EXPORT_STATUS_LABELS[j.status]}
        </Badge>
      ),
  },
  {
    key: 'download',
    header: '',
    render: (j) =>
      j.status === 'ready' && j.url ? (
        <Button
          component="a"
          href={j.url}
          download={j.fileName}
          size="xs"
          variant="light"
          aria-label={`Download ${j.fileName}`}
        >
          Download
        </Button>
      ) : null,
  },
];

/**
 * /staff/exports: the signed-in user's exports of the last day, newest first, with their progress; a ready one
 * downloads from here (each read hands out a fresh short-lived link), so an export started elsewhere can be
 * picked up later.
 */
export default function ExportsPage() {
  const jobs = useCursorPages(
    listExports,
    {},
    {
      keepPreviousData: true,
      // Read again while any job on the page is still under way.
      refreshInterval: (page) => (page?.records.some(isUnderWay) ? 2000 : 0),
    },
  );
  return (
    <Stack gap="md" component="section" aria-labelledby="exports-title">
      <Title order={1} size="h2" id="exports-title">
        Your exports
      </Title>
      <Text size="sm" c="dimmed">
        Excel exports you started, kept for {EXPORT_LIMITS.keepHours} hours. A large one takes a while: you can leave
        this page and come back for it.
      </Text>
      <DataTable
        label="Your exports"
        rows={jobs.data?.records}
        columns={COLUMNS}
        rowKey={(j) => j.jobId}
        loading={jobs.isLoading}
        empty="No exports yet. Use Download Excel on a list to start one."
        minWidth={640}
      />
      <CursorPager pages={jobs} />
    </Stack>
  );
}
