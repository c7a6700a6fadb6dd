import { useState, type ReactNode } from 'react';
import { Button, Group, NumberInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  CHILD_CHARGES,
  HOTEL_TEXT,
  MEAL_PLANS,
  MEAL_PLAN_LABELS,
  OCCUPANCY_LABELS,
  OCCUPANCY_PRICES,
  hotelContractErrors,
  sellPrices,
  type HotelAllotment,
  type HotelChildBand,
  type HotelContract,
  type HotelRateRow,
  type HotelRoomType,
  type HotelStopSale,
  type OccupancyPrices,
} from '@tp/domain/dmc';
import { DataTable, type Column } from '#shared/DataTable.tsx';
import { DateField } from '#shared/DateField.tsx';
import { numberOrNull } from '#shared/form.ts';
import { money, optionsOf, validityLabel } from '../shared/format.ts';
import { FormButtons, Pair } from '../shared/forms.tsx';
import { DmcDialog } from '../shared/page.tsx';
import { MarketSelect } from '../shared/pickers.tsx';

export type Part = 'roomTypes' | 'rates' | 'childBands' | 'stopSales' | 'allotments';
type RowOf<P extends Part> = HotelContract[P][number];

/** Saves the whole contract with one part changed; resolves false when the server refused it. */
export type SaveContract = (next: HotelContract) => Promise<boolean>;

/** A short code for a new row (row ids are codes, so a sheet can name them). */
const newCode = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8)}`;

export const CHILD_CHARGE_LABELS: Record<(typeof CHILD_CHARGES)[number], string> = {
  free: 'Free',
  childWithBed: 'Child with bed',
  childWithoutBed: 'Child without bed',
};

/** Form values: number fields hold '' while empty (the rule then names them). */
type Values = Record<string, unknown>;

interface PartSpec<P extends Part> {
  part: P;
  noun: string;
  plural: string;
  empty: string;
  columns: Column<RowOf<P>>[];
  subject: (row: RowOf<P>) => string;
  initial: (row: RowOf<P> | null) => Values;
  toRow: (values: Values, id: string) => RowOf<P>;
  fields: (form: ReturnType<typeof useForm<Values>>, contract: HotelContract) => ReactNode;
  /** Fields that may stay empty (prices of columns not sold, a stop-sale for all rooms). */
  optional?: readonly string[];
  /** Rows are tried top first (rates): offer Move up / Move down. */
  ordered?: boolean;
  idPrefix: string;
}

const num = (v: unknown): number => numberOrNull(v as number | string) ?? Number.NaN;

function RowForm<P extends Part>({
  spec,
  contract,
  index,
  save,
  done,
}: {
  spec: PartSpec<P>;
  contract: HotelContract;
  index: number | null;
  save: SaveContract;
  done: () => void;
}) {
  const row = index === null ? null : (contract[spec.part][index] as RowOf<P>);
  const form = useForm<Values>({ initialValues: spec.initial(row) });
  const [busy, setBusy] = useState(false);
  const submit = form.onSubmit(async (values) => {
    const next = spec.toRow(values, row ? (row as { id: string }).id : newCode(spec.idPrefix));
    const rows = [...contract[spec.part]] as RowOf<P>[];
    const at = index ?? (spec.ordered ? 0 : rows.length);
    if (index === null) rows.splice(at, 0, next);
    else rows[at] = next;
    const candidate = { ...contract, [spec.part]: rows } as HotelContract;
    // The domain's rules first: this row's problems shown at its fields, nothing sent.
    const prefix = `${spec.part}.${at}.`;
    const problems = Object.fromEntries(
      Object.entries(hotelContractErrors(candidate))
        .filter(([k]) => k.startsWith(prefix))
        .map(([k, v]) => [k.slice(prefix.length).replace('.', '_'), v]),
    );
    for (const [k, v] of Object.entries(values))
      if ((v === '' || v === null) && !spec.optional?.includes(k)) problems[k] ??= HOTEL_TEXT.required;
    if (Object.keys(problems).length) return form.setErrors(problems);
    setBusy(true);
    try {
      if (await save(candidate)) done();
    } finally {
      setBusy(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {spec.fields(form, contract)}
        <FormButtons onCancel={done} busy={busy} />
      </Stack>
    </form>
  );
}

/** One part of the contract: its rows, Add / Edit / Delete (and Move for rates), each change saved at once. */
export function PartSection<P extends Part>({
  spec,
  contract,
  save,
  extra,
}: {
  spec: PartSpec<P>;
  contract: HotelContract;
  save: SaveContract;
  extra?: ReactNode;
}) {
  // undefined: closed; null: adding; a number: editing that row.
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const rows = contract[spec.part] as RowOf<P>[];
  const indexOf = (r: RowOf<P>) => rows.indexOf(r);
  const replace = (next: RowOf<P>[]) => save({ ...contract, [spec.part]: next } as HotelContract);
  const move = (i: number, by: number) => {
    const next = [...rows];
    const [moved] = next.splice(i, 1) as [RowOf<P>];
    next.splice(i + by, 0, moved);
    void replace(next);
  };
  const actions: Column<RowOf<P>> = {
    key: 'actions',
    header: '',
    render: (r) => {
      const i = indexOf(r);
      return (
        // Ordered rows carry four buttons: two lines of two keep the wide price columns on screen.
        <Group gap={4} justify="flex-end" wrap={spec.ordered ? 'wrap' : 'nowrap'} maw={spec.ordered ? 140 : undefined}>
          {spec.ordered && (
            <>
              <Button
                size="xs"
                variant="default"
                disabled={i === 0}
                onClick={() => move(i, -1)}
                aria-label={`Move up ${spec.subject(r)}`}
              >
                ↑
              </Button>
              <Button
                size="xs"
                variant="default"
                disabled={i === rows.length - 1}
                onClick={() => move(i, 1)}
                aria-label={`Move down ${spec.subject(r)}`}
              >
                ↓
              </Button>
            </>
          )}
          <Button size="xs" variant="light" onClick={() => setEditing(i)} aria-label={`Edit ${spec.subject(r)}`}>
            Edit
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => void replace(rows.filter((_, j) => j !== i))}
            aria-label={`Delete ${spec.subject(r)}`}
          >
            Delete
          </Button>
        </Group>
      );
    },
  };
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h4">
          {spec.plural}
        </Title>
        <Button onClick={() => setEditing(null)}>Add {spec.noun}</Button>
      </Group>
      {extra}
      <DataTable
        label={spec.plural}
        rows={rows}
        columns={[...spec.columns, actions]}
        rowKey={(r) => (r as { id: string }).id}
        empty={spec.empty}
        minWidth={640}
      />
      <DmcDialog
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={`${typeof editing === 'number' ? 'Edit' : 'Add'} ${spec.noun}`}
      >
        {editing !== undefined && (
          <RowForm spec={spec} contract={contract} index={editing} save={save} done={() => setEditing(undefined)} />
        )}
      </DmcDialog>
    </Stack>
  );
}

type Form = ReturnType<typeof useForm<Values>>;

/** A whole-number field of a row form. */
const intInput = (form: Form, name: string, label: string, min = 0) => (
  <NumberInput label={label} min={min} allowDecimal={false} required {...form.getInputProps(name)} />
);

const roomTypeOptions = (c: HotelContract) => c.roomTypes.map((t) => ({ value: t.id, label: t.name }));
const roomTypeName = (c: HotelContract, id: string | null) =>
  id === null ? 'All room types' : (c.roomTypes.find((t) => t.id === id)?.name ?? id);

export const roomTypeSpec = (): PartSpec<'roomTypes'> => ({
  part: 'roomTypes',
  noun: 'room type',
  plural: 'Room types',
  empty: 'No room types yet: add the rooms the hotel sells',
  idPrefix: 'RT',
  subject: (r) => r.name,
  columns: [
    { key: 'name', header: 'Room type', render: (r) => r.name },
    { key: 'adults', header: 'Max adults', render: (r) => r.maxAdults },
    { key: 'children', header: 'Max children', render: (r) => r.maxChildren },
    { key: 'occupancy', header: 'Max guests', render: (r) => r.maxOccupancy },
  ],
  initial: (r) => ({
    name: r?.name ?? '',
    maxAdults: r?.maxAdults ?? 2,
    maxChildren: r?.maxChildren ?? 1,
    maxOccupancy: r?.maxOccupancy ?? 3,
  }),
  toRow: (v, id): HotelRoomType => ({
    id,
    name: String(v.name).trim(),
    maxAdults: num(v.maxAdults),
    maxChildren: num(v.maxChildren),
    maxOccupancy: num(v.maxOccupancy),
  }),
  fields: (form) => (
    <>
      <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
      <Pair>
        {intInput(form, 'maxAdults', 'Max adults', 1)}
        {intInput(form, 'maxChildren', 'Max children')}
      </Pair>
      {intInput(form, 'maxOccupancy', 'Max guests (adults and children)', 1)}
    </>
  ),
});

/** One sold column a line: "Double/twin AED 380.00". */
const pricesLabel = (p: OccupancyPrices, money: (n: number) => string) => (
  <Stack gap={0}>
    {OCCUPANCY_PRICES.filter((k) => p[k] !== null).map((k) => (
      <Text key={k} size="sm" style={{ whiteSpace: 'nowrap' }}>
        {OCCUPANCY_LABELS[k]} {money(p[k]!)}
      </Text>
    ))}
  </Stack>
);

export const rateSpec = (
  marketName: (id: string) => string,
  currencyOf: (marketId: string) => string,
  contract: HotelContract,
): PartSpec<'rates'> => {
  /** Amounts in the row's market currency (a market's rates are contracted in its currency). */
  const inCurrency = (r: HotelRateRow) => (n: number) => money(n, currencyOf(r.marketId));
  return {
    part: 'rates',
    noun: 'rate',
    plural: 'Rates (tried top first)',
    empty: 'No rates yet',
    idPrefix: 'R',
    ordered: true,
    optional: [...OCCUPANCY_PRICES.flatMap((k) => [`cost_${k}`, `sell_${k}`]), 'markupPercent'],
    subject: (r) => `${marketName(r.marketId)} ${r.mealPlan} ${r.validFromDate}`,
    columns: [
      { key: 'market', header: 'Market', render: (r) => marketName(r.marketId) },
      { key: 'room', header: 'Room · meals', render: (r) => `${roomTypeName(contract, r.roomTypeId)} · ${r.mealPlan}` },
      {
        key: 'validity',
        header: 'Valid',
        render: (r) => validityLabel(r.validFromDate, r.validTillDate),
        nowrap: true,
      },
      { key: 'minStay', header: 'Min stay', render: (r) => `${r.minStay} n` },
      { key: 'cost', header: 'Cost per night', render: (r) => pricesLabel(r.cost, inCurrency(r)) },
      {
        key: 'sell',
        header: 'Sell per night',
        render: (r) => (
          <Stack gap={2}>
            {!r.sell && <Text size="sm" fw={600}>{`Cost + ${r.markupPercent ?? 0} %`}</Text>}
            {pricesLabel(sellPrices(r), inCurrency(r))}
          </Stack>
        ),
      },
    ],
    initial: (r) => ({
      marketId: r?.marketId ?? null,
      roomTypeId: r?.roomTypeId ?? null,
      mealPlan: r?.mealPlan ?? null,
      validFromDate: r?.validFromDate ?? '',
      validTillDate: r?.validTillDate ?? '',
      minStay: r?.minStay ?? 1,
      markupPercent: r?.markupPercent ?? '',
      ...Object.fromEntries(OCCUPANCY_PRICES.map((k) => [`cost_${k}`, r?.cost[k] ?? ''])),
      ...Object.fromEntries(OCCUPANCY_PRICES.map((k) => [`sell_${k}`, r?.sell?.[k] ?? ''])),
    }),
    toRow: (v, id): HotelRateRow => {
      const prices = (side: string) =>
        Object.fromEntries(
          OCCUPANCY_PRICES.map((k) => [k, numberOrNull(v[`${side}_${k}`] as string)]),
        ) as OccupancyPrices;
      const sell = prices('sell');
      const markup = numberOrNull(v.markupPercent as string);
      return {
        id,
        marketId: String(v.marketId ?? ''),
        roomTypeId: String(v.roomTypeId ?? ''),
        mealPlan: (v.mealPlan ?? '') as HotelRateRow['mealPlan'],
        validFromDate: String(v.validFromDate),
        validTillDate: String(v.validTillDate),
        minStay: num(v.minStay),
        cost: prices('cost'),
        sell: OCCUPANCY_PRICES.some((k) => sell[k] !== null) ? sell : null,
        markupPercent: markup,
      };
    },
    fields: (form, c) => (
      <>
        <MarketSelect label="Market" required {...form.getInputProps('marketId')} />
        <Pair>
          <Select label="Room type" required data={roomTypeOptions(c)} {...form.getInputProps('roomTypeId')} />
          <Select
            label="Meal plan"
            required
            data={optionsOf(
              MEAL_PLANS.filter((m) => c.mealPlans.includes(m)),
              MEAL_PLAN_LABELS,
            )}
            {...form.getInputProps('mealPlan')}
          />
        </Pair>
        <Pair>
          <DateField label="Valid from" required {...form.getInputProps('validFromDate')} />
          <DateField label="Valid till" required {...form.getInputProps('validTillDate')} />
        </Pair>
        {intInput(form, 'minStay', 'Minimum stay (nights)', 1)}
        <Text size="sm" fw={600}>
          Per room per night (leave a column empty when it is not sold)
        </Text>
        {OCCUPANCY_PRICES.map((k) => (
          <Pair key={k}>
            <NumberInput
              label={`${OCCUPANCY_LABELS[k]}: cost`}
              min={0}
              decimalScale={2}
              clampBehavior="none"
              {...form.getInputProps(`cost_${k}`)}
            />
            <NumberInput
              label={`${OCCUPANCY_LABELS[k]}: sell`}
              min={0}
              decimalScale={2}
              clampBehavior="none"
              {...form.getInputProps(`sell_${k}`)}
            />
          </Pair>
        ))}
        <NumberInput
          label="Or markup on cost (%)"
          description="Instead of sell prices: sell = cost + this markup"
          min={0}
          decimalScale={2}
          clampBehavior="none"
          {...form.getInputProps('markupPercent')}
        />
      </>
    ),
  };
};

export const childBandSpec = (): PartSpec<'childBands'> => ({
  part: 'childBands',
  noun: 'child band',
  plural: 'Child policies',
  empty: 'No child bands: every child is charged as an adult',
  idPrefix: 'CB',
  subject: (r) => `ages ${r.minAge}–${r.maxAge}`,
  columns: [
    { key: 'ages', header: 'Ages', render: (r) => `${r.minAge}–${r.maxAge}` },
    { key: 'charge', header: 'Charged as', render: (r) => CHILD_CHARGE_LABELS[r.charge] },
  ],
  initial: (r) => ({ minAge: r?.minAge ?? '', maxAge: r?.maxAge ?? '', charge: r?.charge ?? null }),
  toRow: (v, id): HotelChildBand => ({
    id,
    minAge: num(v.minAge),
    maxAge: num(v.maxAge),
    charge: (v.charge ?? '') as HotelChildBand['charge'],
  }),
  fields: (form) => (
    <>
      <Pair>
        {intInput(form, 'minAge', 'From age')}
        {intInput(form, 'maxAge', 'To age')}
      </Pair>
      <Select
        label="Charged as"
        description="Older than every band: an adult; younger: free"
        required
        data={optionsOf(CHILD_CHARGES, CHILD_CHARGE_LABELS)}
        {...form.getInputProps('charge')}
      />
    </>
  ),
});

export const stopSaleSpec = (marketName: (id: string) => string, contract: HotelContract): PartSpec<'stopSales'> => ({
  part: 'stopSales',
  noun: 'stop-sale',
  plural: 'Stop-sales and blackouts',
  empty: 'No stop-sales',
  idPrefix: 'SS',
  optional: ['roomTypeId', 'marketId', 'reason'],
  subject: (r) => `${r.fromDate} – ${r.tillDate}`,
  columns: [
    { key: 'dates', header: 'Dates', render: (r) => validityLabel(r.fromDate, r.tillDate), nowrap: true },
    { key: 'room', header: 'Room type', render: (r) => roomTypeName(contract, r.roomTypeId) },
    { key: 'market', header: 'Market', render: (r) => (r.marketId ? marketName(r.marketId) : 'All markets') },
    { key: 'reason', header: 'Reason', render: (r) => r.reason },
  ],
  initial: (r) => ({
    fromDate: r?.fromDate ?? '',
    tillDate: r?.tillDate ?? '',
    roomTypeId: r?.roomTypeId ?? null,
    marketId: r?.marketId ?? null,
    reason: r?.reason ?? '',
  }),
  toRow: (v, id): HotelStopSale => ({
    id,
    fromDate: String(v.fromDate),
    tillDate: String(v.tillDate),
    roomTypeId: (v.roomTypeId as string | null) || null,
    marketId: (v.marketId as string | null) || null,
    reason: String(v.reason ?? '').trim(),
  }),
  fields: (form, c) => (
    <>
      <Pair>
        <DateField label="From" required {...form.getInputProps('fromDate')} />
        <DateField label="Till" required {...form.getInputProps('tillDate')} />
      </Pair>
      <Pair>
        <Select
          label="Room type"
          placeholder="All room types"
          clearable
          data={roomTypeOptions(c)}
          {...form.getInputProps('roomTypeId')}
        />
        <MarketSelect label="Market" placeholder="All markets" clearable {...form.getInputProps('marketId')} />
      </Pair>
      <TextInput
        label="Reason"
        description="Shown to whoever tries to quote these nights"
        {...form.getInputProps('reason')}
      />
    </>
  ),
});

export const allotmentSpec = (contract: HotelContract, taken: Record<string, number>): PartSpec<'allotments'> => ({
  part: 'allotments',
  noun: 'allotment',
  plural: 'Allotments',
  empty: 'No allotments: every stay is on request',
  idPrefix: 'AL',
  subject: (r) => `${roomTypeName(contract, r.roomTypeId)} ${r.fromDate}`,
  columns: [
    { key: 'room', header: 'Room type', render: (r) => roomTypeName(contract, r.roomTypeId) },
    { key: 'dates', header: 'Dates', render: (r) => validityLabel(r.fromDate, r.tillDate), nowrap: true },
    { key: 'rooms', header: 'Rooms a night', render: (r) => r.rooms },
    { key: 'taken', header: 'Most taken', render: (r) => taken[r.id] ?? 0 },
    { key: 'release', header: 'Release', render: (r) => `${r.releaseDays} days before` },
  ],
  initial: (r) => ({
    roomTypeId: r?.roomTypeId ?? null,
    fromDate: r?.fromDate ?? '',
    tillDate: r?.tillDate ?? '',
    rooms: r?.rooms ?? '',
    releaseDays: r?.releaseDays ?? 7,
  }),
  toRow: (v, id): HotelAllotment => ({
    id,
    roomTypeId: String(v.roomTypeId ?? ''),
    fromDate: String(v.fromDate),
    tillDate: String(v.tillDate),
    rooms: num(v.rooms),
    releaseDays: num(v.releaseDays),
  }),
  fields: (form, c) => (
    <>
      <Select label="Room type" required data={roomTypeOptions(c)} {...form.getInputProps('roomTypeId')} />
      <Pair>
        <DateField label="From" required {...form.getInputProps('fromDate')} />
        <DateField label="Till" required {...form.getInputProps('tillDate')} />
      </Pair>
      <Pair>
        {intInput(form, 'rooms', 'Rooms each night')}
        {intInput(form, 'releaseDays', 'Release (days before the night)')}
      </Pair>
    </>
  ),
});
