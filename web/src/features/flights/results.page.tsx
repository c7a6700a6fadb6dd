import { memo, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Container,
  Drawer,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { JOURNEY_TYPE, RETURN_TYPE, type TFlightOption, type TSearchResponse } from '@tp/contracts/endpoints/flights';
import {
  DEFAULT_SORT,
  NO_FILTERS,
  flightsKey,
  groupFareFamilies,
  indexResults,
  isFiltering,
  liveCounts,
  showResults,
  type FlightFilters,
  type FlightSort,
  type ResultIndex,
} from '@tp/domain/flight-filters';
import * as MSG from '@tp/contracts/messages';
import { formatMoney, partyLabel } from '#shared/format.ts';
import { useUser } from '#lib/state.ts';
import { FareStrip } from './components/FareStrip.tsx';
import { FilterPanel, type PatchFilters } from './FilterPanel.tsx';
import { preparedIndex } from './search-answer.ts';
import { SearchProblem } from './SearchProblem.tsx';
import { Segmented } from './Segmented.tsx';
import { flightPaths } from './paths.ts';
import { ResultList, SortBar } from './ResultList.tsx';
import css from './ResultList.module.css';
import { queryToSearch } from './search-query.ts';
import { bookingStore } from './state.ts';
import { useSearchResults } from './use-search.ts';

/** What one direction's list shows: one pass over its prepared index (computed again only when an input changes). */
function useShown(index: ResultIndex<TFlightOption> | undefined, filters: FlightFilters, sort: FlightSort) {
  return useMemo(() => (index ? showResults(index, filters, sort) : NO_OPTIONS), [index, filters, sort]);
}
const NO_OPTIONS: TFlightOption[] = [];

/** Each option's flights key, worked out once per result set, so grouping on a click is lookups only. */
const flightKeys = (index: ResultIndex<TFlightOption>) => new Map(index.options.map((o) => [o, flightsKey(o)]));

/** A query with another departure date (the fare strip): a new search of the same trip. */
function withDeparture(query: string, date: string): string {
  const p = new URLSearchParams(query);
  p.set('departure', date);
  return p.toString();
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
    if (expired)
      return <SearchProblem title="Search expired" text="These results are no longer valid." query={query} />;
    // A refusal (flights not offered on this site yet, search not allowed): trying again would not help.
    if (state.status === 403 && state.message)
      return <SearchProblem title="Flights cannot be searched" text={state.message} query={null} />;
    return (
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
  // The first money format builds ICU's number formatter (15–60 ms on a phone): done in its own task
  // while the search runs, not inside the rows' first commit.
  useEffect(() => {
    const warm = setTimeout(() => formatMoney(0));
    return () => clearTimeout(warm);
  }, []);
  return (
    <Container size="xl" py="sm" aria-busy="true" aria-label="Searching flights" role="status">
      <Text c="dimmed" mb="xs">
        Searching the best fares…
      </Text>
      {/* The results' own grid (not Mantine's Grid, whose column styles cost more than this whole frame). */}
      <div className={css.layout}>
        <Stack visibleFrom="sm">
          {[80, 60, 120, 90].map((h, i) => (
            <Skeleton key={i} h={h} radius="sm" />
          ))}
        </Stack>
        <Stack gap="xs">
          <Skeleton h={28} w={280} radius="sm" />
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} h={96} radius="sm" />
          ))}
        </Stack>
      </div>
    </Container>
  );
}

function Results({ response, query }: { response: TSearchResponse; query: string }) {
  const navigate = useNavigate();
  const user = useUser();
  // Read at once (not after a first desktop render) so a phone never builds the side panel.
  const small = useMediaQuery('(max-width: 600px)', undefined, { getInitialValueInEffect: false });
  const twoLists = isNormalReturn(response);
  // Prepared once per result set: per-option filter values, facet counts, sort orders (by the worker
  // that parsed the answer, when it did).
  const indexes = useMemo(
    () => response.results.slice(0, twoLists ? 2 : 1).map((l) => preparedIndex(l) ?? indexResults(l)),
    [response, twoLists],
  );
  const keys = useMemo(() => indexes.map(flightKeys), [indexes]);
  const [filters, setFilters] = useState<FlightFilters[]>(() => indexes.map(() => NO_FILTERS));
  const [sort, setSort] = useState<FlightSort>(DEFAULT_SORT);
  const [editing, setEditing] = useState(0);
  const [picks, setPicks] = useState<(TFlightOption | null)[]>(() => indexes.map(() => null));
  const [drawer, setDrawer] = useState(false);
  // The phone drawer edits a draft: the list changes on Apply, not under the drawer.
  const [draft, setDraft] = useState<FlightFilters>(NO_FILTERS);
  const [now] = useState(() => Date.now());
  const expired = Date.parse(response.expiresAt) <= now;

  // The controls show a click at once; the lists follow in a deferred render that React can
  // interrupt, so the next frame is painted before the new rows are built.
  const listFilters = useDeferredValue(filters);
  const listSort = useDeferredValue(sort);
  const outbound = useShown(indexes[0], listFilters[0] ?? NO_FILTERS, listSort);
  const inbound = useShown(indexes[1], listFilters[1] ?? NO_FILTERS, listSort);
  const shown = useMemo(() => [outbound, inbound].slice(0, indexes.length), [outbound, inbound, indexes.length]);
  // Cards: the fare families of the same flights under one.
  const groups = useMemo(
    () => shown.map((list, d) => groupFareFamilies(list, (o) => keys[d]!.get(o) ?? o.resultIndex)),
    [shown, keys],
  );
  // What the panel edits: the list's filters, or the drawer's draft on a phone. Its counts follow
  // the other filters, from the prepared index (one pass).
  const panelFilters = small && drawer ? draft : (filters[editing] ?? NO_FILTERS);
  const deferredPanel = useDeferredValue(panelFilters);
  const counts = useMemo(() => liveCounts(indexes[editing]!, deferredPanel), [indexes, editing, deferredPanel]);

  const patchFilters = useCallback<PatchFilters>(
    (patch) => setFilters((all) => all.map((x, i) => (i === editing ? { ...x, ...patch } : x))),
    [editing],
  );
  const patchDraft = useCallback<PatchFilters>((patch) => setDraft((d) => ({ ...d, ...patch })), []);
  const openDrawer = () => {
    setDraft(filters[editing] ?? NO_FILTERS);
    setDrawer(true);
  };
  const applyDraft = () => {
    setFilters((all) => all.map((x, i) => (i === editing ? draft : x)));
    setDrawer(false);
  };
  const clearEditing = useCallback(
    () => setFilters((all) => all.map((x, i) => (i === editing ? NO_FILTERS : x))),
    [editing],
  );
  const clearAll = useCallback(() => setFilters((all) => all.map(() => NO_FILTERS)), []);

  const book = useCallback(
    (option: TFlightOption, returnPick?: TFlightOption | null) => {
      // A trip's second leg keeps the first leg's passengers its trip page handed over.
      const tripId = queryToSearch(query)?.tripId;
      const before = bookingStore.get();
      bookingStore.set({
        searchId: response.searchId,
        resultIndex: option.resultIndex,
        query,
        ...(returnPick ? { returnResultIndex: returnPick.resultIndex } : {}),
        ...(tripId && before?.tripId === tripId ? { tripId, passengers: before.passengers } : {}),
      });
      navigate(flightPaths.review(response.searchId, option.resultIndex));
    },
    [navigate, query, response.searchId],
  );
  const pick = useCallback(
    (direction: number) => (o: TFlightOption) => {
      setPicks((p) => p.map((x, i) => (i === direction ? o : x)));
      // On a phone one list shows at a time: an onward pick moves on to the return list.
      if (direction === 0) setEditing(1);
    },
    [],
  );
  const pickOut = useMemo(() => pick(0), [pick]);
  const pickIn = useMemo(() => pick(1), [pick]);

  if (expired) return <SearchProblem title="Search expired" text="These results are no longer valid." query={query} />;

  const directions = twoLists && (
    <Segmented
      size="xs"
      aria-label={small ? 'Flights for' : 'Filters for'}
      data={[
        { value: '0', label: 'Onward' },
        { value: '1', label: 'Return' },
      ]}
      value={String(editing)}
      onChange={(v) => setEditing(Number(v))}
    />
  );
  const panel = (
    <Stack>
      {!small && directions}
      <FilterPanel
        facets={indexes[editing]!.facets}
        counts={counts}
        filters={panelFilters}
        onPatch={small ? patchDraft : patchFilters}
        {...(small ? {} : { onClear: clearEditing })}
      />
    </Stack>
  );
  const first = response.segments[0]!;
  const total = indexes.reduce((n, ix) => n + ix.options.length, 0);

  // Only the panel section clicked, the sort bar and this frame re-render at once; the header
  // count, lists and pick bar are memoised and follow with the deferred filters.
  return (
    <Container size="xl" py="sm" pb={twoLists ? 96 : 'sm'}>
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Summary response={response} shown={shown} total={total} />
        <Group gap="xs">
          {small && (
            <Button variant="default" size="compact-sm" onClick={openDrawer}>
              Filters{filters.some(isFiltering) ? ' •' : ''}
            </Button>
          )}
          <Button variant="subtle" size="compact-sm" onClick={() => navigate(flightPaths.search(query))}>
            Modify search
          </Button>
        </Group>
      </Group>
      <div className={css.layout}>
        {!small && <div className={css.panel}>{panel}</div>}
        <div>
          <Stack gap="xs">
            {response.JourneyType === JOURNEY_TYPE.oneWay && (
              <FareStrip
                origin={first.origin}
                destination={first.destination}
                date={first.preferredDepartureTime.slice(0, 10)}
                cabinClass={queryToSearch(query)?.cabinClass}
                onPick={(date) => navigate(flightPaths.results('new', withDeparture(query, date)))}
              />
            )}
            {small && directions}
            <SortBar sort={sort} onChange={setSort} />
            <Lists
              response={response}
              shown={shown}
              groups={groups}
              only={small && twoLists ? editing : null}
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
          <Group className={css.drawerBar} grow>
            {/* The spec's name for it (000 §2), as on the desktop panel; Apply then shows the lists unfiltered. */}
            <Button variant="default" onClick={() => setDraft(NO_FILTERS)}>
              Clear Filters
            </Button>
            <Button onClick={applyDraft}>Apply</Button>
          </Group>
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
        Showing {count} of {total} flights ·{' '}
        {partyLabel({ adults: response.adultCount, children: response.childCount, infants: response.infantCount })}
        {response.infantCount ? `, ${response.infantCount} infant(s)` : ''}
      </Text>
    </div>
  );
});

/** One list, or onward and return side by side (a normal return), or the empty state. */
const Lists = memo(function Lists({
  response,
  shown,
  groups,
  only,
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
  groups: TFlightOption[][][];
  /** On a phone a return shows one list at a time: which one (null: all). */
  only: number | null;
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
  const legs = response.JourneyType === JOURNEY_TYPE.multiStop;
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
        {groups.map((cards, d) => (
          <Box key={d} hidden={only !== null && only !== d}>
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
              legs={legs}
              label={twoLists ? (d === 0 ? 'Onward flights' : 'Return flights') : 'Flights'}
              groups={only !== null && only !== d ? NO_GROUPS : cards}
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

const NO_GROUPS: TFlightOption[][] = [];

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
            {p ? `${p.airlineName} ${formatMoney(p.publishedPrice)}` : 'choose a flight'}
          </Text>
        ))}
        <Group gap="xs">
          {onward && back && <Text fw={700}>{formatMoney(onward.publishedPrice + back.publishedPrice)}</Text>}
          <Button disabled={!onward || !back} onClick={() => onward && back && onContinue(onward, back)}>
            Continue
          </Button>
        </Group>
      </Group>
    </Paper>
  );
});
