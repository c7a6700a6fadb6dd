import { useMemo } from 'react';
import {
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  useMatches,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useSearchParams } from 'react-router-dom';
import { ZPackageFilter, destinations, listPackages, type TPackageCard } from '@tp/contracts/endpoints/packages';
import * as MSG from '@tp/contracts/messages';
import { PACKAGE_LIST_PREVIEW } from '@tp/contracts/spa-routes';
import { DURATION_BANDS, DURATION_BAND_KEYS, type DurationBand } from '@tp/domain/packages';
import { useApi } from '#api/hooks.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { VirtualGrid } from '#shared/VirtualGrid.tsx';
import { PackageCard } from './PackageCard.tsx';
import { useCursorList } from '#shared/cursor-pages.tsx';

const PAGE_SIZE = 12;

/** The form's values as typed: a select's '' is "any". */
interface Values {
  destination: string;
  duration: string;
  minPrice: string;
  maxPrice: string;
}

/** The list's filter (the request without its paging). */
interface Filter {
  destination?: string;
  duration?: DurationBand;
  minPrice?: number;
  maxPrice?: number;
}

const num = (v: string | null): number | undefined => (v && Number.isFinite(Number(v)) ? Number(v) : undefined);
const isBand = (v: string | null): v is DurationBand => (DURATION_BAND_KEYS as readonly (string | null)[]).includes(v);

/** The filter as the URL holds it (so a filtered list can be shared or reloaded). */
function filterOf(params: URLSearchParams): Filter {
  const duration = params.get('duration');
  const f: Filter = {};
  const destination = params.get('destination');
  if (destination) f.destination = destination;
  if (isBand(duration)) f.duration = duration;
  const minPrice = num(params.get('minPrice'));
  const maxPrice = num(params.get('maxPrice'));
  if (minPrice !== undefined) f.minPrice = minPrice;
  if (maxPrice !== undefined) f.maxPrice = maxPrice;
  return f;
}

/** A typed price: digits, with or without thousands separators. */
const price = (text: string) => Number(text.replace(/[,\s]/g, ''));
const request = (v: Values): Filter => ({
  ...(v.destination ? { destination: v.destination } : {}),
  ...(isBand(v.duration) ? { duration: v.duration } : {}),
  ...(v.minPrice.trim() ? { minPrice: price(v.minPrice) } : {}),
  ...(v.maxPrice.trim() ? { maxPrice: price(v.maxPrice) } : {}),
});

const DURATION_OPTIONS = [
  { value: '', label: 'Any length' },
  ...DURATION_BAND_KEYS.map((k) => ({ value: k, label: DURATION_BANDS[k].label })),
];

/**
 * The filter: native selects and plain numeric fields, light enough that the first covers (the page's largest
 * paint) do not wait for a combobox's and a number input's code on a phone.
 */
function Filters({ current, onApply }: { current: Filter; onApply: (f: Filter) => void }) {
  const places = useApi(destinations, {});
  const resolver = schemaResolver(ZPackageFilter, { sync: true });
  const form = useForm<Values>({
    initialValues: {
      destination: current.destination ?? '',
      duration: current.duration ?? '',
      minPrice: current.minPrice === undefined ? '' : String(current.minPrice),
      maxPrice: current.maxPrice === undefined ? '' : String(current.maxPrice),
    },
    validate: (values) => resolver(request(values)),
  });
  const clear = () => {
    form.setValues({ destination: '', duration: '', minPrice: '', maxPrice: '' });
    onApply({});
  };
  // A destination in the URL that the list does not hold (a shared link) stays a choice, so the form shows it.
  const placeOptions = [
    { value: '', label: 'Anywhere' },
    ...[...new Set([...(places.data ?? []), ...(current.destination ? [current.destination] : [])])].map((d) => ({
      value: d,
      label: d,
    })),
  ];
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="form"
      role="search"
      aria-label="Filter packages"
      noValidate
      onSubmit={form.onSubmit((v) => onApply(request(v)))}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <NativeSelect label="Destination" data={placeOptions} {...form.getInputProps('destination')} />
        <NativeSelect label="Duration" data={DURATION_OPTIONS} {...form.getInputProps('duration')} />
        <TextInput label="Price from" inputMode="numeric" autoComplete="off" {...form.getInputProps('minPrice')} />
        <TextInput label="Price up to" inputMode="numeric" autoComplete="off" {...form.getInputProps('maxPrice')} />
      </SimpleGrid>
      <Group mt="sm" gap="sm">
        <Button type="submit">Show packages</Button>
        <Button variant="default" onClick={clear}>
          Clear filters
        </Button>
      </Group>
    </Paper>
  );
}

/** Cards per row by screen width (Mantine's xs and md breakpoints), read on the first render. */
const COLUMNS = { base: 1, xs: 2, md: 3 };
/** A card's height with its cover (180 px) and text, before a row is measured. */
const ROW_ESTIMATE = 330;
/** Mantine's md spacing. */
const GAP = 16;

/** The cards, virtualised by rows ("Show more" can pass hundreds of cards); the first row's covers load first. */
function PackageGrid({ records }: { records: TPackageCard[] }) {
  const columns = useMatches(COLUMNS, { getInitialValueInEffect: false });
  return (
    <VirtualGrid
      items={records}
      columns={columns}
      estimateRowHeight={ROW_ESTIMATE}
      gap={GAP}
      label="Tour packages"
      itemKey={(p) => p.id}
      renderItem={(p, i) => <PackageCard p={p} first={i < columns} />}
    />
  );
}

/** /packages (login): the site's tour packages and its suppliers' supply, filtered by destination, length and price. */
export default function PackagesPage() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => filterOf(params), [params]);
  const list = useCursorList(listPackages, { ...filter, limit: PAGE_SIZE });
  const apply = (f: Filter) =>
    setParams(Object.fromEntries(Object.entries(f).map(([k, v]) => [k, String(v)])), { replace: true });
  return (
    <Stack gap="lg" maw={1200} w="100%" mx="auto">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {PACKAGE_LIST_PREVIEW.heading}
        </Title>
        <Text c="dimmed">{PACKAGE_LIST_PREVIEW.intro}</Text>
      </Stack>
      <Filters key={params.toString()} current={filter} onApply={apply} />
      <AsyncContent
        data={list.records as TPackageCard[] | undefined}
        error={list.error}
        onRetry={() => void list.reload()}
        loadingLabel="Loading packages"
        emptyText={MSG.noResults}
        isEmpty={(r) => r.length === 0}
      >
        {(records) => (
          <Stack gap="md">
            <Text size="sm" c="dimmed" aria-live="polite">
              {records.length === 1 ? '1 package' : `${records.length} packages`}
              {list.hasMore ? ' so far' : ''}
            </Text>
            <PackageGrid records={records} />
            {list.hasMore && (
              <Button variant="light" onClick={list.more} loading={list.loadingMore} style={{ alignSelf: 'center' }}>
                Show more packages
              </Button>
            )}
          </Stack>
        )}
      </AsyncContent>
    </Stack>
  );
}
