import { useDeferredValue, useEffect, useState } from 'react';
import {
  Anchor,
  Button,
  Center,
  CloseButton,
  Drawer,
  Grid,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { exportTickets, getTickets, TICKET_MSG, type TicketQueue } from '@tp/contracts/endpoints/tickets';
import { useApi } from '#api/hooks.ts';
import { useSmallScreen } from '#shared/DataTable.tsx';
import { Pager } from '#shared/Pager.tsx';
import { usePageCursors } from '#shared/page-cursors.ts';
import { useUser } from '#lib/state.ts';
import { usePermission } from '#shared/usePermission.ts';
import { ExportButton } from '#shared/ExportButton.tsx';
import { emptyFilter, QUEUE_TITLES, queueOf, toRequest, type FilterForm } from './filters.ts';
import { TicketCard } from './TicketCard.tsx';
import { TicketFilters } from './TicketFilters.tsx';

/** /flight/ticketQueue, /flights/ticketQueue, /flights/changeRequestQueue and /flights/holdQueue. */
export default function TicketQueuePage() {
  const queue = queueOf(useLocation().pathname);
  // Keyed by queue: each queue starts from its own filter (the hold queue most urgent first).
  return <TicketQueue key={queue} queue={queue} />;
}

function TicketQueue({ queue }: { queue: TicketQueue }) {
  const staff = useUser()?.userType === 'staff';
  // The Excel call needs its own permission: a group without it must not be offered a 403.
  const canExport = usePermission('flights.exportExcel');
  const small = useSmallScreen();
  const [draft, setDraft] = useState<FilterForm>(() => emptyFilter(queue));
  const [applied, setApplied] = useState<FilterForm>(() => emptyFilter(queue));
  const [creator, setCreator] = useState<{ userId: string; email: string } | null>(null);
  const [page, setPage] = useState(1);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const cursors = usePageCursors(page);
  const request = { ...toRequest(applied, { page, userId: creator?.userId }), queue, ...cursors.cursorInput };
  const { data, error, isLoading, mutate } = useApi(getTickets, request, { keepPreviousData: true });
  const { remember } = cursors;
  useEffect(() => remember(data), [remember, data]);
  // A page's cards render in a background pass React cuts into slices (a transition), not in one task
  // with the answer: twenty staff cards took ~100 ms of a 4x-slowed phone's main thread at once.
  const cards = useDeferredValue(data?.records);
  const firstPage = () => {
    setPage(1);
    cursors.reset();
  };

  const apply = () => {
    setApplied(draft);
    firstPage();
    setFiltersOpen(false);
  };
  const clear = () => {
    setDraft(emptyFilter(queue));
    setApplied(emptyFilter(queue));
    setCreator(null);
    firstPage();
  };
  const exportInput = () => {
    const { page: _p, cursor: _c, ...rest } = request;
    return rest;
  };

  const filters = <TicketFilters queue={queue} value={draft} onChange={setDraft} onApply={apply} onClear={clear} />;
  const list = (
    <Stack gap="sm">
      {creator && (
        <Group gap={4}>
          <Text size="sm">Created by {creator.email}</Text>
          <CloseButton
            size="sm"
            aria-label="Show every creator"
            onClick={() => {
              setCreator(null);
              firstPage();
            }}
          />
        </Group>
      )}
      {!data && isLoading && (
        <Center py="xl">
          <Loader aria-label="Loading tickets" />
        </Center>
      )}
      {!data && error && (
        <Button variant="light" onClick={() => mutate()}>
          Try again
        </Button>
      )}
      {data && data.records.length === 0 && (
        <Paper withBorder p="xl" ta="center">
          <Text mb="sm">{TICKET_MSG.noTickets}</Text>
          <Anchor component={Link} to="/flight/search">
            Book a Flight
          </Anchor>
        </Paper>
      )}
      {cards?.map((t) => (
        <TicketCard
          key={t.bookingId}
          ticket={t}
          onChanged={() => mutate()}
          onSelectUser={(userId, email) => {
            if (!staff) return;
            setCreator({ userId, email });
            firstPage();
          }}
        />
      ))}
      {/* Under the cards once they are in, so it is not pushed down (layout shift) when they arrive. */}
      {data && cards === data.records && (
        <Pager
          page={data.page}
          totalPages={data.totalPages}
          totalRecords={data.totalKnown === false ? null : data.totalRecords}
          onChange={setPage}
        />
      )}
    </Stack>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={1} size="h2">
          {QUEUE_TITLES[queue]}
        </Title>
        <Group gap="xs">
          {small && (
            <Button variant="default" onClick={() => setFiltersOpen(true)}>
              Filters
            </Button>
          )}
          {staff && canExport && <ExportButton endpoint={exportTickets} input={exportInput} />}
        </Group>
      </Group>
      {small ? (
        <>
          <Drawer opened={filtersOpen} onClose={() => setFiltersOpen(false)} title="Filters" position="right">
            {filters}
          </Drawer>
          {list}
        </>
      ) : (
        <Grid gap="md">
          {/* A third of the width below 1408 px, so its sort and date fields show whole. */}
          <Grid.Col span={{ base: 12, md: 4, xl: 3 }}>
            <Paper withBorder p="md" component="aside" aria-label="Filters">
              {filters}
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8, xl: 9 }}>{list}</Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
