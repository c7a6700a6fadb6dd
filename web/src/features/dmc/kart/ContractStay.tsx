import { useEffect } from 'react';
import {
  Alert,
  Badge,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { getHotelStayChoices, priceHotelStay } from '@tp/contracts/endpoints/dmc';
import type { TKart } from '@tp/contracts/endpoints/kart';
import type { RequestOf } from '@tp/contracts/endpoint';
import { MEAL_PLAN_LABELS, MEAL_PLANS, workingText, type MealPlan } from '@tp/domain/dmc';
import { useApi } from '#api/hooks.ts';
import { childAgesOf, money, optionsOf } from '../shared/format.ts';
import type { HotelValues, PartyValues, StayRoomValues, StayValues } from './form.ts';
import type { KartForm } from './TransferFields.tsx';

type SavedStay = NonNullable<TKart['accomodations'][number]['contractStay']>;

const cols2 = { base: 1, xs: 2 } as const;
const quiet = { call: { handling: 'navigation' as const } };

/** The stay as `dmc/priceHotelStay` takes it, once every part of it is filled in and valid; else null. */
function stayQuery(line: HotelValues, party: PartyValues): RequestOf<typeof priceHotelStay> | null {
  const stay = line.contractStay;
  const checkinDate = line.checkinDate || party.arrivalDate;
  const nights = Number(line.noOfNights);
  if (!stay?.roomTypeId || !stay.mealPlan || !line.accomodationId || !checkinDate) return null;
  if (!Number.isInteger(nights) || nights < 1) return null;
  const rooms = stay.occupancy.map((r) => ({ adults: Number(r.adults), childAges: childAgesOf(r.childAges) }));
  if (rooms.some((r) => r.childAges === null || !Number.isInteger(r.adults) || r.adults < 1)) return null;
  return {
    hotelId: line.accomodationId,
    ...(party.marketId ? { marketId: party.marketId } : {}),
    roomTypeId: stay.roomTypeId,
    mealPlan: stay.mealPlan,
    checkinDate,
    nights,
    rooms: rooms.map((r) => ({ adults: r.adults, childAges: r.childAges ?? [] })),
  };
}

type StayPricing = ReturnType<typeof useApi<typeof priceHotelStay>>;

/** The stay priced as the server will price it on save (the working, cost and sell), or why it cannot be. */
function LivePrice({ priced, currency }: { priced: StayPricing; currency: string }) {
  const price = priced.data?.price;
  if (!price)
    return (
      <Text size="xs" c="gray.7" aria-live="polite">
        {priced.isLoading ? 'Pricing from the contract…' : ''}
      </Text>
    );
  if (!price.available)
    return (
      <Alert color="orange" title="Cannot be quoted" role="alert" p="xs">
        {price.reason.message}
      </Alert>
    );
  const m = (n: number) => money(n, currency);
  return (
    <Group gap="xs" data-testid="stay-price" aria-live="polite">
      <Text size="sm">
        Rooms {workingText(price.working, m)} = {m(price.sell)} ({priced.data?.marketName} market)
      </Text>
      <Badge variant="light" color={price.onRequest ? 'orange' : 'teal'}>
        {price.onRequest ? 'On request' : 'From allotment'}
      </Badge>
    </Group>
  );
}

/** The party's adults spread over the rooms (the first rooms take the odd ones), no children yet. */
export function spreadAdults(adults: number, rooms: number): StayRoomValues[] {
  const n = Math.max(1, rooms);
  const each = Math.max(1, Math.floor(Math.max(adults, n) / n));
  const extra = Math.max(0, adults - each * n);
  return Array.from({ length: n }, (_, j) => ({ adults: each + (j < extra ? 1 : 0), childAges: '' }));
}

/** The rooms list at a new length: rooms kept as typed, new ones for two adults. */
export const resizeOccupancy = (rooms: StayRoomValues[], length: number): StayRoomValues[] =>
  Array.from({ length: Math.max(1, length) }, (_, j) => rooms[j] ?? { adults: 2, childAges: '' });

/**
 * How a hotel line's rooms are priced: from the hotel's contract (room type, meal plan and who sleeps in each room;
 * the server prices it night by night on save, allotment and stop-sales included), or typed per room type. A hotel
 * without a contract can only be typed.
 */
export function ContractStayFields({
  form,
  at,
  line,
  party,
  saved,
  currency,
}: {
  form: KartForm;
  at: string;
  line: HotelValues;
  party: PartyValues;
  /** The saved line's priced stay, while the form still holds what was saved. */
  saved: SavedStay | null | undefined;
  currency: string;
}) {
  const choices = useApi(getHotelStayChoices, line.accomodationId ? { hotelId: line.accomodationId } : null);
  const roomTypes = choices.data?.roomTypes ?? [];
  const contracted = roomTypes.length > 0;
  const stay = line.contractStay;
  const query = stay && !saved ? stayQuery(line, party) : null;
  const priced = useApi(priceHotelStay, query, quiet);
  // The totals preview counts the stay at this price; none while it is being priced or cannot be.
  const livePrice = query && priced.data?.price.available ? priced.data.price.sell : null;
  useEffect(() => {
    if (stay && !saved && stay.roomsPrice !== livePrice) form.setFieldValue(`${at}.contractStay.roomsPrice`, livePrice);
  });
  const setStay = (next: StayValues | null) => form.setFieldValue(`${at}.contractStay`, next);

  const choose = (how: string) => {
    if (how === 'typed') return setStay(null);
    const mealPlans = choices.data?.mealPlans ?? [];
    setStay({
      roomTypeId: roomTypes[0]?.id ?? null,
      mealPlan: mealPlans.length === 1 ? mealPlans[0]! : null,
      occupancy: spreadAdults(Number(party.adults) || 1, Number(line.numberOfRooms) || 1),
      roomsPrice: null,
    });
  };

  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        <Text size="sm" fw={500} id={`${at}-priced-by`}>
          Rooms priced
        </Text>
        <SegmentedControl
          size="xs"
          aria-labelledby={`${at}-priced-by`}
          value={stay ? 'contract' : 'typed'}
          onChange={choose}
          data={[
            { value: 'contract', label: 'From the contract', disabled: !contracted && !stay },
            { value: 'typed', label: 'Typed' },
          ]}
        />
        {line.accomodationId && choices.data && !contracted && (
          <Text size="xs" c="gray.7">
            This hotel has no contract yet: type the prices, or add its contract under Hotels.
          </Text>
        )}
      </Group>
      {stay && (
        <>
          <SimpleGrid cols={cols2} spacing="xs">
            <Select
              label="Room type"
              required
              data={roomTypes.map((t) => ({
                value: t.id,
                label: `${t.name} (up to ${t.maxAdults} adults, ${t.maxOccupancy} guests)`,
              }))}
              {...form.getInputProps(`${at}.contractStay.roomTypeId`)}
            />
            <Select
              label="Meal plan"
              required
              data={optionsOf(
                MEAL_PLANS.filter((p) => choices.data?.mealPlans.includes(p) ?? true),
                MEAL_PLAN_LABELS,
              )}
              {...form.getInputProps(`${at}.contractStay.mealPlan`)}
              onChange={(v) => form.setFieldValue(`${at}.contractStay.mealPlan`, v as MealPlan | null)}
            />
          </SimpleGrid>
          {stay.occupancy.map((_, j) => (
            <SimpleGrid key={j} cols={cols2} spacing="xs">
              <NumberInput
                label={`Room ${j + 1} adults`}
                required
                min={1}
                max={20}
                allowDecimal={false}
                {...form.getInputProps(`${at}.contractStay.occupancy.${j}.adults`)}
              />
              <TextInput
                label={`Room ${j + 1} child ages`}
                description={j === 0 ? 'Comma separated, e.g. 4, 9' : undefined}
                {...form.getInputProps(`${at}.contractStay.occupancy.${j}.childAges`)}
              />
            </SimpleGrid>
          ))}
          {form.errors[`${at}.contractStay`] && (
            <Text size="sm" c="red.8" role="alert">
              {form.errors[`${at}.contractStay`]}
            </Text>
          )}
          {query && <LivePrice priced={priced} currency={currency} />}
          {saved?.roomsPrice !== undefined && (
            <Group gap="xs" data-testid="stay-price">
              <Text size="sm">
                Rooms {money(saved.roomsPrice, currency)}
                {saved.roomTypeName ? ` · ${saved.roomTypeName}` : ''}
              </Text>
              <Badge variant="light" color={saved.onRequest ? 'orange' : 'teal'}>
                {saved.onRequest ? 'On request' : 'From allotment'}
              </Badge>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
