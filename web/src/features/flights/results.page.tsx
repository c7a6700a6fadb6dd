import { useCallback, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Container,
  Drawer,
  Grid,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  SimpleGrid,
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
  facetsOf,
  filterOptions,
  formatFare,
  isFiltering,
  sortOptions,
  type FlightFilters,
  type FlightSort,
} from '@tp/domain/flight-filters';
import { useUser } from '#shared/state.ts';
import { FilterPanel } from './FilterPanel.tsx';
import { SearchProblem } from './SearchProblem.tsx';
import { flightPaths } from './paths.ts';
import { ResultList, SortBar } from './ResultList.tsx';
import { bookingStore } from './state.ts';
import { useSearchResults } from './use-search.ts';

/** Filtering + sorting of one direction, memoised so unrelated renders never redo it. */
function useShownOptions(options: TFlightOption[], filters: FlightFilters, sort: FlightSort) {
  const filtered = useMemo(() => filterOptions(options, filters), [options, filters]);
  return useMemo(() => sortOptions(filtered, sort), [filtered, sort]);
}

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
  if (state.kind === 'loading')
    return (
      <Stack align="center" py="xl">
        <Loader aria-label="Searching flights" />
        <Text c="dimmed">Searching the best fares…</Text>
      </Stack>
    );
  return <Results key={state.response.searchId} response={state.response} query={query} />;
}

function Results({ response, query }: { response: TSearchResponse; query: string }) {
  const navigate = useNavigate();
  const user = useUser();
  const small = useMediaQuery('(max-width: 600px)');
  const twoLists = isNormalReturn(response);
  const lists = twoLists ? response.results.slice(0, 2) : response.results.slice(0, 1);
  const [filters, setFilters] = useState<FlightFilters[]>(() => lists.map(() => NO_FILTERS));
  const [sort, setSort] = useState<FlightSort>(DEFAULT_SORT);
  const [editing, setEditing] = useState(0);
  const [picks, setPicks] = useState<(TFlightOption | null)[]>(() => lists.map(() => null));
  const [drawer, setDrawer] = useState(false);
  const [now] = useState(() => Date.now());
  const expired = Date.parse(response.expiresAt) <= now;

  const outbound = useShownOptions(lists[0] ?? [], filters[0] ?? NO_FILTERS, sort);
  const inbound = useShownOptions(lists[1] ?? [], filters[1] ?? NO_FILTERS, sort);
  const shown = [outbound, inbound];
  const facets = useMemo(() => lists.map((l) => facetsOf(l)), [lists]);
  const setEditingFilters = useCallback(
    (f: FlightFilters) => setFilters((all) => all.map((x, i) => (i === editing ? f : x))),
    [editing],
  );

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

  const first = response.segments[0]!;
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
      <FilterPanel facets={facets[editing]!} filters={filters[editing]!} onChange={setEditingFilters} />
    </Stack>
  );
  const total = lists.reduce((n, l) => n + l.length, 0);
  const count = shown.slice(0, lists.length).reduce((n, l) => n + l.length, 0);
  const listHeight = twoLists ? (small ? '60vh' : 'calc(100vh - 260px)') : 'calc(100vh - 200px)';
  const rowProps = { showFullBreakdown: response.showFullBreakdown, userType: user?.userType };

  return (
    <Container size="xl" py="sm" pb={twoLists ? 96 : 'sm'}>
      <Group justify="space-between" mb="xs" wrap="wrap">
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
        <Group gap="xs">
          {small && (
            <Button variant="default" size="compact-sm" onClick={() => setDrawer(true)}>
              Filters{filters.some(isFiltering) ? ' •' : ''}
            </Button>
          )}
          <Button variant="subtle" size="compact-sm" onClick={() => navigate(flightPaths.search())}>
            Modify search
          </Button>
        </Group>
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 3 }} display={small ? 'none' : undefined}>
          {small ? null : panel}
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: small ? 12 : 9 }}>
          <Stack gap="xs">
            <SortBar sort={sort} onChange={setSort} />
            {count === 0 && (
              <Paper withBorder p="lg" ta="center">
                <Text>No flights match these filters.</Text>
                <Button mt="sm" variant="light" onClick={() => setFilters(lists.map(() => NO_FILTERS))}>
                  Clear Filters
                </Button>
              </Paper>
            )}
            <SimpleGrid cols={twoLists && !small ? 2 : 1} spacing="sm">
              {lists.map((_, d) => (
                <Box key={d}>
                  {twoLists && (
                    <Text fw={600} size="sm" mb={4}>
                      {d === 0
                        ? `Onward ${first.origin} → ${first.destination}`
                        : `Return ${first.destination} → ${first.origin}`}
                    </Text>
                  )}
                  <ResultList
                    {...rowProps}
                    label={twoLists ? (d === 0 ? 'Onward flights' : 'Return flights') : 'Flights'}
                    options={shown[d]!}
                    height={listHeight}
                    actionLabel={twoLists ? 'Select' : 'Book'}
                    selectedIndex={picks[d]?.resultIndex}
                    onAction={twoLists ? (d === 0 ? pickOut : pickIn) : book}
                  />
                </Box>
              ))}
            </SimpleGrid>
          </Stack>
        </Grid.Col>
      </Grid>
      {twoLists && (
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
              {picks[0] && picks[1] && (
                <Text fw={700}>₹{formatFare(picks[0].publishedPrice + picks[1].publishedPrice)}</Text>
              )}
              <Button disabled={!picks[0] || !picks[1]} onClick={() => book(picks[0]!, picks[1])}>
                Continue
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
      <Drawer opened={drawer} onClose={() => setDrawer(false)} title="Filters" position="left" size="90%">
        {panel}
      </Drawer>
    </Container>
  );
}
