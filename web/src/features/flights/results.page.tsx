import { memo, useCallback, useDeferredValue, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Container,
  Drawer,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { JOURNEY_TYPE, RETURN_TYPE, type TFlightOption, type TSearchResponse } from '@tp/contracts/flights';
import {
  DEFAULT_SORT,
  NO_FILTERS,
  formatFare,
  indexResults,
  isFiltering,
  showResults,
  type FlightFilters,
  type FlightSort,
  type ResultIndex,
} from '@tp/domain/flight-filters';
import { MSG } from '@tp/contracts/messages';
import { useUser } from '#shared/state.ts';
import { FilterPanel, type PatchFilters } from './FilterPanel.tsx';
import { SearchProblem } from './SearchProblem.tsx';
import { flightPaths } from './paths.ts';
import { ResultList, SortBar } from './ResultList.tsx';
import css from './ResultList.module.css';
import { bookingStore } from './state.ts';
import { useSearchResults } from './use-search.ts';

/** What one direction's list shows: one pass over its prepared index (computed again only when an input changes). */
function useShown(index: ResultIndex<TFlightOption> | undefined, filters: FlightFilters, sort: FlightSort) {
  return useMemo(() => (index ? showResults(index, filters, sort) : NO_OPTIONS), [index, filters, sort]);
}
const NO_OPTIONS: TFlightOption[] = [];

const isNormalReturn = (r: TSearchResponse) =>
  r.JourneyType === JOURNEY_TYPE.return &&
  (r.returnType ?? RETURN_TYPE.normal) === RETURN_TYPE.normal &&
  r.results.length > 1;

/** `/flight/results/:searchId?origin=&destination=&departure=&adt=&chd=&inf=` (spec 000 §2). */
export default function ResultsPage() {
  const { searchId = 'new' } = useParams();
  const query = useLocation().search.replace(/^\?/, '');
  const { state, retry } = useSearchResults(searchId, query);

  if (state.kind === 'invalid')
    return <SearchProblem title="Search incomplete" text="This link does not describe a full search." query={null} />;
  if (state.kind === 'failed') {
    const expired = state.status === 404 || state.status === 410;
    return expired ? (
      <SearchProblem title="Search expired" text="These results are no longer valid." query={query} />
    ) : (
      <Container size="sm" py="xl">
        <Alert color="red" title="The search did not complete" role="alert">
          <Button mt="sm" onClick={retry}>
            Try again
          </Button>
        </Alert>
      </Container>
    );
  }
  if (state.kind === 'loading') return <ResultsSkeleton />;
  return <Results key={state.response.searchId} response={state.response} query={query} />;
}

/** The results layout while the search runs: the filter column and a few row shapes. */
function ResultsSkeleton() {
  return (
    <Container size="xl" py="sm" aria-busy="true" aria-label="Searching flights" role="status">
      <Text c="dimmed" mb="xs">
        Searching the best fares…
      </Text>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 3 }} visibleFrom="xs">
          <Stack>
            {[80, 60, 120, 90].map((h, i) => (
              <Skeleton key={i} h={h} radius="sm" />
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 9 }}>
          <Stack gap="xs">
            <Skeleton h={28} w={280} radius="sm" />
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} h={96} radius="sm" />
            ))}
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}

function Results({ response, query }: { response: TSearchResponse; query: string }) {
  const navigate = useNavigate();
  const user = useUser();
  // Read at once (not after a first desktop render) so a phone never builds the side panel.
  const small = useMediaQuery('(max-width: 600px)', undefined, { getInitialValueInEffect: false });
  const twoLists = isNormalReturn(response);
  // Prepared once per result set: per-option filter values, facet counts, sort orders.
  const indexes = useMemo(
    () => response.results.slice(0, twoLists ? 2 : 1).map((l) => indexResults(l)),
    [response, twoLists],
  );
  const [filters, setFilters] = useState<FlightFilters[]>(() => indexes.map(() => NO_FILTERS));
  const [sort, setSort] = useState<FlightSort>(DEFAULT_SORT);
  const [editing, setEditing] = useState(0);
  const [picks, setPicks] = useState<(TFlightOption | null)[]>(() => indexes.map(() => null));
  const [drawer, setDrawer] = useState(false);
  const [now] = useState(() => Date.now());
  const expired = Date.parse(response.expiresAt) <= now;

  // The controls show a click at once; the lists follow in a deferred render that React can
  // interrupt, so the next frame is painted before the new rows are built.
  const listFilters = useDeferredValue(filters);
  const listSort = useDeferredValue(sort);
  const outbound = useShown(indexes[0], listFilters[0] ?? NO_FILTERS, listSort);
  const inbound = useShown(indexes[1], listFilters[1] ?? NO_FILTERS, listSort);
  const shown = useMemo(() => [outbound, inbound].slice(0, indexes.length), [outbound, inbound, indexes.length]);

  const patchFilters = useCallback<PatchFilters>(
    (patch) => setFilters((all) => all.map((x, i) => (i === editing ? { ...x, ...patch } : x))),
    [editing],
  );
  const clearEditing = useCallback(
    () => setFilters((all) => all.map((x, i) => (i === editing ? NO_FILTERS : x))),
    [editing],
  );
  const clearAll = useCallback(() => setFilters((all) => all.map(() => NO_FILTERS)), []);

  const book = useCallback(
    (option: TFlightOption, returnPick?: TFlightOption | null) => {
      bookingStore.set({
        searchId: response.searchId,
        resultIndex: option.resultIndex,
        query,
        ...(returnPick ? { returnResultIndex: returnPick.resultIndex } : {}),
      });
      navigate(flightPaths.review(response.searchId, option.resultIndex));
    },
    [navigate, query, response.searchId],
  );
  const pick = useCallback(
    (direction: number) => (o: TFlightOption) => setPicks((p) => p.map((x, i) => (i === direction ? o : x))),
    [],
  );
  const pickOut = useMemo(() => pick(0), [pick]);
  const pickIn = useMemo(() => pick(1), [pick]);

  if (expired) return <SearchProblem title="Search expired" text="These results are no longer valid." query={query} />;

  const panel = (
    <Stack>
      {twoLists && (
        <SegmentedControl
          size="xs"
          aria-label="Filters for"
          data={[
            { value: '0', label: 'Onward' },
            { value: '1', label: 'Return' },
          ]}
          value={String(editing)}
          onChange={(v) => setEditing(Number(v))}
        />
      )}
      <FilterPanel
        facets={indexes[editing]!.facets}
        filters={filters[editing]!}
        onPatch={patchFilters}
        onClear={clearEditing}
      />
    </Stack>
  );
  const total = indexes.reduce((n, ix) => n + ix.options.length, 0);

  // Only the panel section clicked, the sort bar and this frame re-render at once; the header
  // count, lists and pick bar are memoised and follow with the deferred filters.
  return (
    <Container size="xl" py="sm" pb={twoLists ? 96 : 'sm'}>
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Summary response={response} shown={shown} total={total} />
        <Group gap="xs">
          {small && (
            <Button variant="default" size="compact-sm" onClick={() => setDrawer(true)}>
              Filters{filters.some(isFiltering) ? ' •' : ''}
            </Button>
          )}
          <Button variant="subtle" size="compact-sm" onClick={() => navigate(flightPaths.search(query))}>
            Modify search
          </Button>
        </Group>
      </Group>
      <div className={css.layout}>
        {!small && <div>{panel}</div>}
        <div>
          <Stack gap="xs">
            <SortBar sort={sort} onChange={setSort} />
            <Lists
              response={response}
              shown={shown}
              filtering={listFilters.some(isFiltering)}
              onClearAll={clearAll}
              small={!!small}
              twoLists={twoLists}
              userType={user?.userType}
              picks={picks}
              onBook={book}
              onPickOut={pickOut}
              onPickIn={pickIn}
            />
          </Stack>
        </div>
      </div>
      {twoLists && <PickBar picks={picks} onContinue={book} />}
      {small && (
        <Drawer opened={drawer} onClose={() => setDrawer(false)} title="Filters" position="left" size="90%">
          {panel}
        </Drawer>
      )}
    </Container>
  );
}

/** "Showing N of M flights" and the passengers, for the lists as shown. */
const Summary = memo(function Summary({
  response,
  shown,
  total,
}: {
  response: TSearchResponse;
  shown: TFlightOption[][];
  total: number;
}) {
  const first = response.segments[0]!;
  const count = shown.reduce((n, l) => n + l.length, 0);
  return (
    <div>
      <Title order={3}>
        {first.origin} → {first.destination}
      </Title>
      <Text size="sm" c="dimmed" aria-live="polite">
        Showing {count} of {total} flights · {response.adultCount} adult(s)
        {response.childCount ? `, ${response.childCount} child(ren)` : ''}
        {response.infantCount ? `, ${response.infantCount} infant(s)` : ''}
      </Text>
    </div>
  );
});

/** One list, or onward and return side by side (a normal return), or the empty state. */
const Lists = memo(function Lists({
  response,
  shown,
  filtering,
  onClearAll,
  small,
  twoLists,
  userType,
  picks,
  onBook,
  onPickOut,
  onPickIn,
}: {
  response: TSearchResponse;
  shown: TFlightOption[][];
  filtering: boolean;
  onClearAll: () => void;
  small: boolean;
  twoLists: boolean;
  userType: string | undefined;
  picks: (TFlightOption | null)[];
  onBook: (o: TFlightOption) => void;
  onPickOut: (o: TFlightOption) => void;
  onPickIn: (o: TFlightOption) => void;
}) {
  const first = response.segments[0]!;
  const listHeight = twoLists ? (small ? '60vh' : 'calc(100vh - 260px)') : 'calc(100vh - 200px)';
  return (
    <>
      {shown.every((l) => l.length === 0) && (
        <Paper withBorder p="lg" ta="center" role="status">
          <Text>{MSG.noResults}</Text>
          {filtering && (
            <Button mt="sm" variant="light" onClick={onClearAll}>
              Clear Filters
            </Button>
          )}
        </Paper>
      )}
      <SimpleGrid cols={twoLists && !small ? 2 : 1} spacing="sm">
        {shown.map((options, d) => (
          <Box key={d}>
            {twoLists && (
              <Text fw={600} size="sm" mb={4}>
                {d === 0
                  ? `Onward ${first.origin} → ${first.destination}`
                  : `Return ${first.destination} → ${first.origin}`}
              </Text>
            )}
            <ResultList
              showFullBreakdown={response.showFullBreakdown}
              userType={userType}
              label={twoLists ? (d === 0 ? 'Onward flights' : 'Return flights') : 'Flights'}
              options={options}
              height={listHeight}
              actionLabel={twoLists ? 'Select' : 'Book'}
              selectedIndex={picks[d]?.resultIndex}
              onAction={twoLists ? (d === 0 ? onPickOut : onPickIn) : onBook}
            />
          </Box>
        ))}
      </SimpleGrid>
    </>
  );
});

/** A normal return's picks (spec 000 §2 return picker): both legs, their total, Continue once both are chosen. */
const PickBar = memo(function PickBar({
  picks,
  onContinue,
}: {
  picks: (TFlightOption | null)[];
  onContinue: (onward: TFlightOption, back: TFlightOption) => void;
}) {
  const [onward, back] = picks;
  return (
    <Paper
      withBorder
      shadow="md"
      p="sm"
      role="region"
      aria-label="Selected flights"
      style={{ position: 'fixed', bottom: 0, left: 0, right: 0, zIndex: 100 }}
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        {picks.map((p, d) => (
          <Text key={d} size="sm">
            {d === 0 ? 'Onward: ' : 'Return: '}
            {p ? `${p.airlineName} ₹${formatFare(p.publishedPrice)}` : 'choose a flight'}
          </Text>
        ))}
        <Group gap="xs">
          {onward && back && <Text fw={700}>₹{formatFare(onward.publishedPrice + back.publishedPrice)}</Text>}
          <Button disabled={!onward || !back} onClick={() => onward && back && onContinue(onward, back)}>
            Continue
          </Button>
        </Group>
      </Group>
    </Paper>
  );
});
