import {
  memo,
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import {
  Button,
  Card,
  Grid,
  Group,
  NativeSelect,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm, type GetInputPropsReturnType } from '@mantine/form';
import { useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import {
  ZPartyChange,
  ZSearchActivities,
  addToCart,
  getActivityCities,
  getCartData,
  searchActivitiesByCityId,
  type TActivityResult,
  type TCart,
  type TPartyChange,
} from '@tp/contracts/endpoints/activities';
import * as MSG from '@tp/contracts/messages';
import { activitySearchDefaults, tripDays, tripProblems } from '@tp/domain/activities';
import { useAction } from '#api/action.ts';
import { ApiError, type RequestIn } from '#api/client.ts';
import { apiKey, useApi } from '#api/hooks.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { CursorPager, useCursorPages } from '#shared/cursor-pages.tsx';
import { DateField } from '#shared/DateField.tsx';
import { DISPLAY_TIME_ZONE } from '@tp/domain/format';
import { formatDate, formatMoney, isoDay } from '#shared/format.ts';
import { afterPaint, useAfterLoadIdle } from '#shared/idle.ts';
import { toastError } from '#lib/notify.ts';
import { CartPanel } from './CartPanel.tsx';
import { PartyChangeDialog } from './PartyChangeDialog.tsx';
import { ActivitiesPage } from './shared.tsx';

/** A search as sent (the schema's input accepts looser text; the screen always sends these). */
interface SearchInput {
  cityId: string;
  startDate: string;
  endDate: string;
  adults: number;
  children: number;
  infants: number;
  search?: string;
}
interface Values {
  cityId: string;
  startDate: string;
  endDate: string;
  adults: number | string;
  children: number | string;
  infants: number | string;
  search: string;
}

type Trip = Parameters<typeof tripProblems>[0];
const schemaRules = schemaResolver(ZSearchActivities, { sync: true });

const num = (v: number | string) => (v === '' ? NaN : Number(v));
/** The request a form's values make: the one the schema and the rules check, and the one sent. */
const request = (v: Values): SearchInput => ({
  cityId: v.cityId,
  startDate: v.startDate,
  endDate: v.endDate,
  adults: num(v.adults),
  children: num(v.children),
  infants: num(v.infants),
  ...(v.search.trim() ? { search: v.search.trim() } : {}),
});

/** The search as the URL holds it (so a search can be reloaded or shared), else the spec's defaults. */
function fromParams(params: URLSearchParams, today: string): Values {
  const d = activitySearchDefaults(today);
  const get = (k: string, fallback: string | number) => params.get(k) ?? String(fallback);
  return {
    cityId: params.get('cityId') ?? '',
    startDate: get('startDate', d.startDate),
    endDate: get('endDate', d.endDate),
    adults: Number(get('adults', d.adults)),
    children: Number(get('children', d.children)),
    infants: Number(get('infants', d.infants)),
    search: params.get('search') ?? '',
  };
}

type AddInput = RequestIn<typeof addToCart>;

/** What every option row of a search shares. */
interface RowsOf {
  search: SearchInput;
  /** The trip's days as choices (the same for every row of the search). */
  days: { value: string; label: string }[];
  /** The cart the next add goes to (an editable one), as it is when the button is pressed. */
  cartIdOf: () => string | undefined;
  onAdded: (c: TCart) => void;
}

/**
 * One tour option's row: what it is, its price for the party, and Add to cart on the chosen day. Memoised, with
 * the cart read when the button is pressed (`cartIdOf`), so a cart arriving or changing renders no row again.
 */
const OptionRow = memo(function OptionRow({
  option,
  search,
  days,
  cartIdOf,
  onAdded,
}: { option: TActivityResult['tourOptions'][number] } & RowsOf) {
  const [date, setDate] = useState(search.startDate);
  // A cart for other travellers: the server refuses (409) with the priced choice, which the dialog offers.
  const [party, setParty] = useState<{ input: AddInput; change: TPartyChange } | null>(null);
  const add = useAction(addToCart, {
    success: 'Added to cart',
    onSuccess: (c) => {
      setParty(null);
      onAdded(c);
    },
    call: { handling: 'navigation' },
    onError: (e, input) => {
      const change = e instanceof ApiError && e.status === 409 ? ZPartyChange.safeParse(e.detail) : null;
      if (change?.success) setParty({ input, change: change.data });
      else toastError(e instanceof ApiError && e.status !== 502 ? e.message : MSG.requestTimeout);
    },
  });
  const { tourOption: o, price } = option;
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
      <Stack gap={2} style={{ flex: '1 1 220px' }}>
        <Text fw={600}>{o.name}</Text>
        {o.description && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {o.description}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {[
            o.hasTimeSlots && o.timeSlots.length ? `Slots ${o.timeSlots.join(', ')}` : '',
            o.hasMeal ? 'Meal' : '',
            o.hasGuide ? 'Guide' : '',
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Stack>
      <Stack gap={4} align="flex-end">
        {price.available ? (
          <div style={{ textAlign: 'right' }}>
            <Text fw={700}>{formatMoney(price.price, price.currency)}</Text>
            {price.localPrice && (
              <Text size="xs" c="dimmed" title={price.localPrice.rateText}>
                ≈ {formatMoney(price.localPrice.amount, price.localPrice.currency)}
              </Text>
            )}
          </div>
        ) : (
          <Text size="sm" c="red.8">
            {price.reason ?? 'Not available'}
          </Text>
        )}
        <Group gap="xs" align="flex-end" wrap="nowrap">
          {/* The trip's days, not a calendar: an option can only be booked within them, and a page holds many rows. */}
          <NativeSelect
            label="Date"
            aria-label={`Date for ${o.activityName}: ${o.name}`}
            size="xs"
            w={140}
            data={days}
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
          />
          <Button
            size="xs"
            disabled={!price.available || !date}
            loading={add.busy}
            aria-label={`Add to cart: ${o.activityName}, ${o.name}`}
            onClick={() => {
              const cartId = cartIdOf();
              void add.run({
                ...(cartId ? { cartId } : {}),
                startDate: search.startDate,
                endDate: search.endDate,
                adults: search.adults,
                children: search.children,
                item: { activityId: o.activityId, tourOptionId: o.id, date },
              });
            }}
          >
            Add to cart
          </Button>
        </Group>
      </Stack>
      {/* Mounted only when asked (a page holds many options, each with its own). */}
      {party && (
        <PartyChangeDialog
          change={party.change}
          busy={add.busy}
          onClose={() => setParty(null)}
          onKeep={() =>
            void add.run({
              ...party.input,
              adults: party.change.current.adults,
              children: party.change.current.children,
            })
          }
          onChange={() => void add.run({ ...party.input, changeParty: true })}
        />
      )}
    </Group>
  );
});

/** One activity of the results with its tour options (memoised: a page renders in chunks, see ResultCards). */
const ActivityCard = memo(function ActivityCard({ result: r, ...row }: { result: TActivityResult } & RowsOf) {
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={`act-${r.activity.id}`}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id={`act-${r.activity.id}`}>
            {r.activity.name}
          </Title>
          <Text size="sm" c="dimmed">
            {[r.activity.cityName, r.activity.areaName].filter(Boolean).join(' · ')}
          </Text>
          {r.activity.description && <Text size="sm">{r.activity.description}</Text>}
        </div>
        {r.tourOptions.length === 0 ? (
          <Text size="sm" c="dimmed">
            No options on sale yet.
          </Text>
        ) : (
          r.tourOptions.map((o) => <OptionRow key={o.tourOption.id} option={o} {...row} />)
        )}
      </Stack>
    </Card>
  );
});

/** The cards of the page's first commit: the first screenful on a wide screen (a phone shows the cart first). */
const FIRST_CARDS = 3;
/** The cards each later commit adds, one commit a frame. */
const MORE_CARDS = 3;

/**
 * A page of results: the first few cards in its first commit, the rest a few at a time, each step a transition
 * (React renders it in slices that yield to input) started once the browser has painted the step before. The
 * whole page in one commit (each option with its date field and cart action) was one long task of a slowed
 * phone's main thread, and its layout another.
 */
function ResultCards({
  records,
  children,
  footer,
}: {
  records: TActivityResult[];
  children: (r: TActivityResult) => ReactNode;
  /** Shown under the cards once they are all in (not pushed down by them: no layout shift). */
  footer: ReactNode;
}) {
  const [count, setCount] = useState(FIRST_CARDS);
  const all = count >= records.length;
  useEffect(() => {
    if (all) return;
    return afterPaint(() => startTransition(() => setCount((n) => n + MORE_CARDS)));
  }, [all, count]);
  return (
    <>
      {(all ? records : records.slice(0, count)).map(children)}
      {all && footer}
    </>
  );
}

function Results({
  search,
  cartId,
  onCart,
}: {
  search: SearchInput;
  /** The editable cart adds go to, if any. */
  cartId: string | undefined;
  onCart: (c: TCart) => void;
}) {
  const results = useCursorPages(searchActivitiesByCityId, search, {
    call: { handling: 'navigation' },
    onError: () => toastError(MSG.activitySearchFailed),
  });
  // The answer's first cards render in a background pass (a transition, cut into slices): until they are in, the
  // loader stays, and the answer's own task only stores it.
  const page = useDeferredValue(results.data);
  // The rows read the cart when an add is pressed: a new cart (or the first answer) renders none of them again.
  const cartIdRef = useRef(cartId);
  useLayoutEffect(() => {
    cartIdRef.current = cartId;
  });
  const cartIdOf = useCallback(() => cartIdRef.current, []);
  const days = useMemo(
    () => tripDays(search.startDate, search.endDate).map((d) => ({ value: d, label: formatDate(d) })),
    [search.startDate, search.endDate],
  );
  return (
    <AsyncContent
      data={page}
      error={results.error}
      onRetry={() => void results.mutate()}
      loadingLabel="Activities"
      emptyText="No activities in this city for your search. Try other dates or another city."
      isEmpty={(p) => p.records.length === 0}
    >
      {(page) => (
        <Stack gap="md" aria-busy={results.isValidating || undefined}>
          <ResultCards records={page.records} footer={<CursorPager pages={results} />}>
            {(r) => (
              <ActivityCard
                key={r.activity.id}
                result={r}
                search={search}
                days={days}
                cartIdOf={cartIdOf}
                onAdded={onCart}
              />
            )}
          </ResultCards>
        </Stack>
      )}
    </AsyncContent>
  );
}

// Mantine keeps a Select's closed dropdown mounted (hidden), which keeps the field's ARIA right (its aria-controls names
// the list from the first open). Mounted in the first commit, floating-ui placed it there: a forced style recalculation
// of the whole new page and a synchronous re-render, in the screen's longest task. So it is mounted once the page has
// loaded and the main thread is idle (a task of its own, ~15 ms on a slowed phone), and kept from then on.
const DROPDOWN_NOT_YET = { keepMounted: false } as const;
const DROPDOWN_KEPT = { keepMounted: true } as const;

/** The city, with its own read of the cities: their answer renders this field, not the whole form. */
function CityField({ inputProps }: { inputProps: GetInputPropsReturnType }) {
  const cities = useApi(getActivityCities, {});
  const data = useMemo(
    () => (cities.data ?? []).map((c) => ({ value: String(c.cityId), label: c.cityName })),
    [cities.data],
  );
  const idle = useAfterLoadIdle();
  return (
    <Select
      label="City"
      required
      searchable
      placeholder={cities.isLoading ? 'Loading cities…' : 'Choose a city'}
      data={data}
      comboboxProps={idle ? DROPDOWN_KEPT : DROPDOWN_NOT_YET}
      {...inputProps}
    />
  );
}

/** The party's three counts: field, label, least. */
const PARTY_FIELDS = [
  ['adults', 'Adults', 1],
  ['children', 'Children', 0],
  ['infants', 'Infants', 0],
] as const;

/**
 * The search form. Memoised: the cart's answer (and each change of the cart) renders the results and the cart,
 * not the form's fields again.
 */
const SearchForm = memo(function SearchForm({
  initial,
  today,
  onSearch,
}: {
  initial: Values;
  today: string;
  onSearch: (search: SearchInput) => void;
}) {
  const [, setParams] = useSearchParams();
  const form = useForm<Values>({
    initialValues: initial,
    // The contract's schema, then the trip rule the server applies too (dates, party): one set of messages.
    validate: (v) => ({ ...tripProblems(request(v) as Trip, today), ...schemaRules(request(v) as never) }),
  });
  const run = (v: Values) => {
    onSearch(request(v));
    setParams(
      Object.fromEntries(
        Object.entries({ ...v, search: v.search.trim() })
          .filter(([, x]) => x !== '')
          .map(([k, x]) => [k, String(x)]),
      ),
      { replace: true },
    );
  };
  return (
    <Card withBorder padding="md">
      <form onSubmit={form.onSubmit(run)} noValidate aria-label="Search activities">
        <Grid gap="sm" align="flex-end">
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
            <CityField inputProps={form.getInputProps('cityId')} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3, md: 2 }}>
            <DateField label="From" required minDate={today} {...form.getInputProps('startDate')} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3, md: 2 }}>
            <DateField
              label="To"
              required
              minDate={form.values.startDate || today}
              {...form.getInputProps('endDate')}
            />
          </Grid.Col>
          {PARTY_FIELDS.map(([field, label, min]) => (
            <Grid.Col key={field} span={{ base: 4, md: 1 }}>
              <NumberInput
                label={label}
                min={min}
                max={50}
                allowDecimal={false}
                clampBehavior="none"
                {...form.getInputProps(field)}
              />
            </Grid.Col>
          ))}
          <Grid.Col span={{ base: 12, sm: 8, md: 2 }}>
            <TextInput label="Activity name" placeholder="Optional" {...form.getInputProps('search')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4, md: 12 }}>
            <Group justify="flex-end">
              <Button type="submit">Search</Button>
            </Group>
          </Grid.Col>
        </Grid>
      </form>
    </Card>
  );
});

/** The cart beside the results, drawn in a background pass (a transition) when an answer or an add changes it. */
function CartColumn({ cart: answered, onChange }: { cart: TCart | null; onChange: (c: TCart) => void }) {
  const cart = useDeferredValue(answered);
  return (
    <>
      <CartPanel cart={cart} onChange={onChange} />
      {cart && cart.status === 'draft' && (
        <Text size="xs" c="dimmed" mt="xs">
          Prices are for {formatDate(cart.startDate)} – {formatDate(cart.endDate)}. Adding for other travellers asks you
          first (the whole cart is priced for one group); other dates widen the cart's dates.
        </Text>
      )}
    </>
  );
}

/**
 * /activities/search (spec 001 §2): a city's activities for the dates and party (default: 4 days from today, 1
 * adult, 0 children, 0 infants), priced with the user's group markup, and the cart beside them.
 */
function SearchScreen() {
  const today = isoDay(new Date(), DISPLAY_TIME_ZONE);
  const [params] = useSearchParams();
  const initial = useMemo(() => fromParams(params, today), []); // eslint-disable-line react-hooks/exhaustive-deps
  const [search, setSearch] = useState<SearchInput | null>(() =>
    initial.cityId && !Object.keys(tripProblems(request(initial) as Trip, today)).length ? request(initial) : null,
  );
  const { mutate } = useSWRConfig();
  const cart = useApi(getCartData, {});
  // The cart as last answered: a submitted one stays in view (with where to follow it); the next add starts a new draft.
  const onCart = useCallback((c: TCart) => void mutate(apiKey(getCartData, {}), c, { revalidate: false }), [mutate]);
  return (
    <>
      <SearchForm initial={initial} today={today} onSearch={setSearch} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
          {search ? (
            <Results
              key={JSON.stringify(search)}
              search={search}
              cartId={cart.data?.editable ? cart.data.id : undefined}
              onCart={onCart}
            />
          ) : (
            <Text c="dimmed">Choose a city and your dates to see activities.</Text>
          )}
        </Grid.Col>
        {/* On a phone the cart comes first: below a long result list nobody would find it. */}
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
          <CartColumn cart={cart.data ?? null} onChange={onCart} />
        </Grid.Col>
      </Grid>
    </>
  );
}

export default function ActivitySearchPage() {
  return (
    <ActivitiesPage
      title="Activity search"
      permission="activities.book"
      intro="Tours and attractions with prices for your dates and travellers."
    >
      <SearchScreen />
    </ActivitiesPage>
  );
}
