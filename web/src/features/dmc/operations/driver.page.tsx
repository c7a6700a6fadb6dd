import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  DMC_OPS_MSG,
  getDriverTransferJobSheet,
  updateTransferDoneByDriver,
  type TDriverJob,
} from '@tp/contracts/endpoints/dmc-operations';
import { useAction } from '#api/action.ts';
import { ApiError } from '#api/client.ts';
import { useApi } from '#api/hooks.ts';
import { ActionButton } from '#shared/ActionButton.tsx';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { DateField } from '#shared/DateField.tsx';
import { formatDate } from '#shared/format.ts';
import { defaultRange } from './dates.ts';
import { LEG_LABELS, LEG_SHARING_LABELS, paxLabel } from './labels.tsx';

/** The answers that end the page: a refused link (403) and too many requests (429), each in one sentence. */
const refusalOf = (error: unknown): string | null =>
  error instanceof ApiError
    ? error.status === 403
      ? DMC_OPS_MSG.linkNotValid
      : error.status === 429
        ? DMC_OPS_MSG.tooManyRequests
        : null
    : null;

function JobCard({ job, markDone }: { job: TDriverJob; markDone: (id: string) => Promise<unknown> }) {
  const titleId = `job-${job.id}`;
  return (
    <Card component="article" withBorder radius="md" padding="md" aria-labelledby={titleId}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={700} fz={28} lh={1.1}>
            {job.time ?? 'Time to be set'}
          </Text>
          {job.status === 'done' ? (
            <Badge color="green" size="lg">
              Done
            </Badge>
          ) : job.status === 'notDone' ? (
            <Badge color="orange" size="lg">
              Not done
            </Badge>
          ) : (
            <Badge variant="light" size="lg">
              {LEG_LABELS[job.leg]} · {LEG_SHARING_LABELS[job.sharingType]}
            </Badge>
          )}
        </Group>
        <Title order={3} size="h4" id={titleId}>
          {job.customerName}
        </Title>
        {job.leadGuest && <Text>Lead guest: {job.leadGuest}</Text>}
        <Text>{paxLabel(job.pax)}</Text>
        {job.service && <Text fw={600}>{job.service}</Text>}
        {job.hotelName && job.hotelName !== job.service && <Text>Staying at {job.hotelName}</Text>}
        <Text>
          <Text span fw={600}>
            Pickup:
          </Text>{' '}
          {job.pickupLocation}
        </Text>
        <Text>
          <Text span fw={600}>
            Drop:
          </Text>{' '}
          {job.dropLocation}
        </Text>
        {job.flightNo && <Text>Flight {job.flightNo}</Text>}
        {job.remarks && (
          <Text size="sm" c="dimmed">
            {job.remarks}
          </Text>
        )}
        <Stack gap="sm" mt="xs">
          {job.customerPhone && (
            <Button component="a" href={`tel:${job.customerPhone}`} variant="default" size="lg" fullWidth>
              Call {job.customerPhone}
            </Button>
          )}
          {job.status === 'open' && (
            <ActionButton
              size="lg"
              fullWidth
              color="green"
              label="Mark done"
              subject={`${job.customerName} ${job.time ?? ''}`.trim()}
              confirm={`${LEG_LABELS[job.leg]} of ${job.customerName} from ${job.pickupLocation} to ${job.dropLocation} is finished?`}
              run={() => markDone(job.id)}
            />
          )}
        </Stack>
      </Stack>
    </Card>
  );
}

/** The jobs of the range, under a heading per day. */
function JobList({ jobs, markDone }: { jobs: TDriverJob[]; markDone: (id: string) => Promise<unknown> }) {
  const days = new Map<string, TDriverJob[]>();
  for (const job of jobs) days.set(job.date ?? '', [...(days.get(job.date ?? '') ?? []), job]);
  return (
    <Stack gap="lg">
      {[...days].map(([date, list]) => (
        <Stack key={date} gap="sm" component="section" aria-label={date ? formatDate(date) : 'No date yet'}>
          <Title order={2} size="h3">
            {date ? formatDate(date) : 'No date yet'}
          </Title>
          {list.map((job) => (
            <JobCard key={job.id} job={job} markDone={markDone} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * /dmc/driver/{driverAccessToken} (spec 001 §2): no login, the link is the key. Phone first: big type and
 * buttons, a call link per customer, "Mark done" after a confirm. A refused link (unknown, revoked, expired)
 * shows one friendly sentence and nothing else.
 */
export default function DriverPage() {
  const { driverAccessToken = '' } = useParams();
  const [range, setRange] = useState(defaultRange);
  const [refusal, setRefusal] = useState<string | null>(null);
  const sheet = useApi(
    getDriverTransferJobSheet,
    range.from && range.to ? { driverAccessToken, dateRange: range } : null,
    // The page says it itself (below): no toast, and no retry of a refused link.
    { call: { handling: 'none' }, keepPreviousData: true },
  );
  const done = useAction(updateTransferDoneByDriver, {
    success: DMC_OPS_MSG.markedDone,
    onSuccess: (job) =>
      sheet.mutate((s) => s && { ...s, transfers: s.transfers.map((t) => (t.id === job.id ? job : t)) }, {
        revalidate: false,
      }),
    onError: (error) => setRefusal(refusalOf(error)),
  });
  const refused = refusal ?? refusalOf(sheet.error);
  if (refused)
    return (
      <Alert color="gray" role="alert" title="Link not working" maw={480} mx="auto" mt="lg">
        <Text size="lg">{refused}</Text>
      </Alert>
    );
  return (
    <Stack gap="md" maw={560} mx="auto" component="section" aria-labelledby="driver-title">
      <Title order={1} size="h2" id="driver-title">
        {sheet.data ? `${sheet.data.driverName}'s transfers` : 'Your transfers'}
      </Title>
      <SimpleGrid cols={2} spacing="sm">
        <DateField
          label="From"
          size="md"
          value={range.from}
          onChange={(from) => setRange((r) => ({ from, to: r.to && r.to < from ? from : r.to }))}
        />
        <DateField
          label="To"
          size="md"
          value={range.to}
          minDate={range.from}
          onChange={(to) => setRange((r) => ({ ...r, to }))}
        />
      </SimpleGrid>
      <AsyncContent
        data={sheet.data?.transfers}
        error={sheet.error}
        onRetry={() => void sheet.mutate()}
        loadingLabel="Loading your transfers"
        emptyText="No transfers for these dates"
        isEmpty={(jobs) => jobs.length === 0}
      >
        {(jobs) => <JobList jobs={jobs} markDone={(transferid) => done.run({ transferid, driverAccessToken })} />}
      </AsyncContent>
    </Stack>
  );
}
