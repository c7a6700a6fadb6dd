import { useState } from 'react';
import { Alert, Badge, Button, Group, NumberInput, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { priceHotelStay, type THotelStayPrice } from '@tp/contracts/endpoints/dmc';
import {
  MEAL_PLANS,
  MEAL_PLAN_LABELS,
  OCCUPANCY_LABELS,
  workingText,
  type HotelContract,
  type MealPlan,
} from '@tp/domain/dmc';
import { formatDate } from '@tp/domain/format';
import { useAction } from '#api/action.ts';
import { DataTable } from '#shared/DataTable.tsx';
import { DateField } from '#shared/DateField.tsx';
import { CHILD_AGES_HINT, childAgesOf, money, optionsOf } from '../shared/format.ts';
import { Pair } from '../shared/forms.tsx';
import { MarketSelect } from '../shared/pickers.tsx';

type Priced = Extract<THotelStayPrice, { available: true }>;

const ALLOTMENT_LABELS = {
  allotted: 'Allotment',
  release: 'On request (release)',
  soldOut: 'On request (sold out)',
  none: 'On request',
};

function Breakdown({ price, marketName }: { price: Priced; marketName: string }) {
  const m = (n: number) => money(n, price.currency);
  const margin = Math.round((price.sell - price.cost) * 100) / 100;
  return (
    <Stack gap="xs">
      <Text fw={600} aria-label="Working">
        {workingText(price.working, m)} = {m(price.sell)}
      </Text>
      <Group gap="xs">
        <Badge variant="light" color={price.onRequest ? 'orange' : 'teal'}>
          {price.onRequest ? 'On request' : 'From allotment'}
        </Badge>
        <Text size="sm">
          {marketName} market · cost {m(price.cost)} · margin {m(margin)}
        </Text>
      </Group>
      <DataTable
        label="Nights"
        rows={price.nights}
        rowKey={(n) => n.date}
        empty=""
        minWidth={560}
        columns={[
          { key: 'night', header: 'Night', render: (n) => formatDate(n.date), nowrap: true },
          { key: 'rate', header: 'Rate', render: (n) => n.rateId },
          {
            key: 'rooms',
            header: 'Rooms',
            render: (n) => n.parts.map((p) => `${p.units} × ${OCCUPANCY_LABELS[p.column]} ${m(p.sell)}`).join(' + '),
          },
          { key: 'allotment', header: 'Allotment', render: (n) => ALLOTMENT_LABELS[n.allotment] },
          { key: 'sell', header: 'Sell', render: (n) => m(n.sell), nowrap: true },
        ]}
      />
    </Stack>
  );
}

/** A stay priced night by night from the saved contract, as a quotation's hotel line will be. */
export function StayCheck({ hotelId, contract }: { hotelId: string; contract: HotelContract }) {
  const [marketId, setMarketId] = useState<string | null>(null);
  const [roomTypeId, setRoomTypeId] = useState<string | null>(contract.roomTypes[0]?.id ?? null);
  const [mealPlan, setMealPlan] = useState<string | null>(contract.mealPlans[0] ?? null);
  const [checkinDate, setCheckin] = useState('');
  const [nights, setNights] = useState<number | string>(2);
  const [rooms, setRooms] = useState<number | string>(1);
  const [adults, setAdults] = useState<number | string>(2);
  const [ages, setAges] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [answer, setAnswer] = useState<{ price: THotelStayPrice; marketName: string } | null>(null);
  const check = useAction(priceHotelStay, { onSuccess: (r) => setAnswer(r) });
  const result = answer?.price;

  const run = () => {
    const childAges = childAgesOf(ages);
    if (!roomTypeId || !mealPlan || !checkinDate || childAges === null) {
      setProblem(childAges === null ? CHILD_AGES_HINT : 'Choose room type, meal plan and check-in');
      return;
    }
    setProblem(null);
    const occupancy = { adults: Number(adults), childAges };
    void check.run({
      hotelId,
      ...(marketId ? { marketId } : {}),
      roomTypeId,
      mealPlan: mealPlan as MealPlan,
      checkinDate,
      nights: Number(nights),
      rooms: Array.from({ length: Math.max(1, Number(rooms)) }, () => occupancy),
    });
  };

  return (
    <Paper withBorder p={{ base: 'sm', xs: 'md' }}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Price check
        </Title>
        <Pair>
          <MarketSelect label="Market" placeholder="Default market" clearable value={marketId} onChange={setMarketId} />
          <Select
            label="Room type"
            data={contract.roomTypes.map((t) => ({ value: t.id, label: t.name }))}
            value={roomTypeId}
            onChange={setRoomTypeId}
          />
        </Pair>
        <Pair>
          <Select
            label="Meal plan"
            data={optionsOf(
              MEAL_PLANS.filter((p) => contract.mealPlans.includes(p)),
              MEAL_PLAN_LABELS,
            )}
            value={mealPlan}
            onChange={setMealPlan}
          />
          <DateField label="Check-in" value={checkinDate} onChange={setCheckin} />
        </Pair>
        <Pair>
          <NumberInput label="Nights" min={1} max={90} allowDecimal={false} value={nights} onChange={setNights} />
          <NumberInput label="Rooms" min={1} max={20} allowDecimal={false} value={rooms} onChange={setRooms} />
        </Pair>
        <Pair>
          <NumberInput
            label="Adults per room"
            min={1}
            max={20}
            allowDecimal={false}
            value={adults}
            onChange={setAdults}
          />
          <TextInput
            label="Child ages per room"
            description="Comma separated, e.g. 4, 9"
            value={ages}
            onChange={(e) => setAges(e.currentTarget.value)}
          />
        </Pair>
        {problem && (
          <Text c="red.8" size="sm" role="alert">
            {problem}
          </Text>
        )}
        <Group>
          <Button onClick={run} loading={check.busy}>
            Price
          </Button>
        </Group>
        {result &&
          (result.available ? (
            <Breakdown price={result} marketName={answer.marketName} />
          ) : (
            <Alert color="orange" title="Cannot be quoted" role="alert">
              {result.reason.message}
            </Alert>
          ))}
      </Stack>
    </Paper>
  );
}
