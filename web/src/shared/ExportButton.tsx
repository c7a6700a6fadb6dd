/**
 * The one way a screen exports (docs/architecture.md "Exports"): the export call starts a job on the server and
 * answers it at once; this follows the job (its progress under the button), offers "Download" when it is ready
 * (a short-lived signed link) and says so in a toast when it failed. The job also stays under Your exports, so the
 * user may leave the page and download it there later.
 */
import { useEffect, useState } from 'react';
import { Anchor, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { EXPORTS_MSG, getExport, type TExportJob } from '@tp/contracts/endpoints/exports';
import { useAction } from '#api/action.ts';
import type { CallTarget } from '#api/boot.ts';
import type { RequestIn } from '#api/client.ts';
import { useApi } from '#api/hooks.ts';
import { toastError } from '#lib/notify.ts';

/** How often a job under way is read again. */
const POLL_MS = 1000;

export const isUnderWay = (job: Pick<TExportJob, 'status'> | undefined): boolean =>
  job?.status === 'queued' || job?.status === 'running';

/** "1,200 of 5,000 rows", or "1,200 rows" while the total is not known. */
export function progressText(job: Pick<TExportJob, 'rowsDone' | 'rowsTotal'>): string {
  const done = job.rowsDone.toLocaleString('en-IN');
  return job.rowsTotal === null ? `${done} rows` : `${done} of ${job.rowsTotal.toLocaleString('en-IN')} rows`;
}

/** A job's progress bar: its share of the rows when the total is known, else a moving bar. */
export function ExportProgress({ job }: { job: TExportJob }) {
  const share = job.rowsTotal ? Math.round((job.rowsDone / job.rowsTotal) * 100) : 100;
  return (
    <Stack gap={2} miw={140} style={{ flex: 1 }}>
      <Progress
        value={share}
        animated={job.rowsTotal === null || job.status === 'queued'}
        striped={job.rowsTotal === null || job.status === 'queued'}
        aria-label={`Export of ${job.fileName}`}
      />
      <Text size="xs" c="dimmed" aria-live="polite">
        {job.status === 'queued' ? 'Waiting to start' : progressText(job)}
      </Text>
    </Stack>
  );
}

/**
 * Follows one export job after it was started: polls it while under way, toasts a failure once. Success needs no
 * toast: the Download button appears where the user looks (a toast there would sit over it).
 */
export function useExportJob(started: TExportJob | null): TExportJob | undefined {
  const { data } = useApi(getExport, started ? { jobId: started.jobId } : null, {
    refreshInterval: (latest) => (latest && !isUnderWay(latest) ? 0 : POLL_MS),
  });
  const job = data ?? started ?? undefined;
  const outcome = job && !isUnderWay(job) ? `${job.jobId}:${job.status}` : null;
  useEffect(() => {
    if (job?.status === 'failed') toastError(EXPORTS_MSG.failed);
    // Once per job and outcome.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [outcome]);
  return job;
}

export interface ExportButtonProps<E extends CallTarget> {
  /** An export call: it answers the export job. */
  endpoint: E;
  /** The call's request (the screen's filters), read when the button is pressed. */
  input: () => RequestIn<E>;
  label?: string;
  variant?: 'light' | 'default' | 'filled';
  disabled?: boolean;
}

export function ExportButton<E extends CallTarget>({
  endpoint,
  input,
  label = 'Download Excel',
  variant = 'light',
  disabled,
}: ExportButtonProps<E>) {
  const [started, setStarted] = useState<TExportJob | null>(null);
  const start = useAction(endpoint, {
    onSuccess: (job) => setStarted(job as unknown as TExportJob),
  });
  const job = useExportJob(started);
  const underWay = isUnderWay(job);
  return (
    <Group gap="xs" wrap="wrap" align="center">
      <Button
        variant={variant}
        loading={start.busy || underWay}
        disabled={disabled}
        onClick={() => {
          setStarted(null);
          void start.run(input());
        }}
      >
        {label}
      </Button>
      {job && underWay && <ExportProgress job={job} />}
      {job?.status === 'ready' && job.url && (
        <Button component="a" href={job.url} download={job.fileName} variant="filled">
          Download
        </Button>
      )}
      {job && underWay && (
        <Text size="xs" c="dimmed">
          {EXPORTS_MSG.leavePage}{' '}
          <Anchor component={Link} to="/staff/exports" size="xs">
            Your exports
          </Anchor>
          .
        </Text>
      )}
    </Group>
  );
}
