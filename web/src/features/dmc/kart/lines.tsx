import { useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { getTourOptionPriceForQuotationBuilder, getTourOptionsByCity } from '@tp/contracts/endpoints/dmc';
import { KART_MSG, type TKart } from '@tp/contracts/endpoints/kart';
import { PAX_TYPES, QUOTATION_TEXT, ROOM_TYPES } from '@tp/domain/dmc';
import { useApi } from '#api/hooks.ts';
import { ActionButton } from '#shared/ActionButton.tsx';
import { DateField } from '#shared/DateField.tsx';
import { money } from '../shared/format.ts';
import { AmountField } from '../shared/forms.tsx';
import { AccomodationSelect, AreaSelect, CitySelect } from '../shared/pickers.tsx';
import { ContractStayFields, resizeOccupancy } from './ContractStay.tsx';
import { blankLine, type PartyValues } from './form.ts';
import { LinePricing } from './LinePricing.tsx';
import { GroupError, TransferFields, type KartForm } from './TransferFields.tsx';

export type LineSection = 'accomodations' | 'activities' | 'miscellaneous' | 'flightDetails';

const quiet = { call: { handling: 'navigation' as const } };
const cols3 = { base: 1, xs: 2, md: 3 } as const;

/** One section of the builder: its title, its lines, and Add. */
export function Section({
  title,
  add,
  onAdd,
  children,
  empty,
}: {
  title: string;
  add?: string;
  onAdd?: () => void;
  children: ReactNode;
  empty?: boolean;
}) {
  return (
    <Paper withBorder p={{ base: 'sm', xs: 'md' }} component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {empty ? (
          <Text size="sm" c="dimmed">
            None yet.
          </Text>
        ) : (
          children
        )}
        {add && onAdd && (
          <Group>
            <Button variant="light" onClick={onAdd}>
              {add}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Remove a line: a saved one through its kart/remove* call after a confirmation (`onRemoveSaved`), a new one at
 * once (nothing was saved).
 */
function RemoveLine({
  subject,
  saved,
  onRemoveSaved,
  onRemoveNew,
}: {
  subject: string;
  saved: boolean;
  onRemoveSaved: () => Promise<unknown>;
  onRemoveNew: () => void;
}) {
  return saved ? (
    <ActionButton
      label="Remove"
      subject={subject}
      color="red"
      variant="subtle"
      confirm="The line is removed from the saved quotation and its totals are recomputed."
      run={onRemoveSaved}
    />
  ) : (
    <Button size="xs" color="red" variant="subtle" aria-label={`Remove ${subject}`} onClick={onRemoveNew}>
      Remove
    </Button>
  );
}

export interface LineProps {
  form: KartForm;
  index: number;
  /** Removes a saved line on the server (the kart answers without it). */
  removeSaved: (section: LineSection, index: number) => Promise<unknown>;
  /** The saved kart (its lines' margins and working), null while new. */
  saved: TKart | null;
}

/** The saved figures of a line, shown only while the form still holds what was saved. */
function savedPricing(p: LineProps, section: LineSection, id: string | null) {
  if (!p.saved || !id || p.form.isDirty()) return { margin: undefined, working: undefined };
  const line = (p.saved[section] as { id: string; working?: string | null }[]).find((l) => l.id === id);
  return { margin: p.saved.margins.lines[section].find((l) => l.id === id), working: line?.working };
}

function LineCard({ title, remove, children }: { title: string; remove: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="sm" p="sm" bg="var(--mantine-color-gray-0)">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={600} size="sm" truncate>
            {title}
          </Text>
          {remove}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

const lineRemove = (p: LineProps, section: LineSection, subject: string, id: string | null) => (
  <RemoveLine
    subject={subject}
    saved={id !== null}
    onRemoveSaved={() => p.removeSaved(section, p.index)}
    onRemoveNew={() => p.form.removeListItem(section, p.index)}
  />
);

/** A hand-priced hotel line's rooms: a price per night and the units of each room type. */
function TypedRooms({ form, at }: { form: KartForm; at: string }) {
  return (
    <>
      <Text size="sm" fw={500}>
        Room types (price per night per unit, units for the stay)
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        {ROOM_TYPES.map((t) => (
          <Group key={t} gap={6} wrap="nowrap" align="flex-start">
            <AmountField
              label={`${QUOTATION_TEXT.rooms[t]} price`}
              required={false}
              style={{ flex: 2 }}
              {...form.getInputProps(`${at}.rooms.${t}.price`)}
            />
            <NumberInput
              label="Units"
              min={0}
              allowDecimal={false}
              style={{ flex: 1 }}
              aria-label={`${QUOTATION_TEXT.rooms[t]} units`}
              {...form.getInputProps(`${at}.rooms.${t}.count`)}
            />
          </Group>
        ))}
      </SimpleGrid>
    </>
  );
}

/** The saved line's priced stay, while the form still holds what was saved. */
function savedStay(p: LineProps, id: string | null) {
  if (!p.saved || !id || p.form.isDirty()) return undefined;
  return p.saved.accomodations.find((l) => l.id === id)?.contractStay;
}

/** A hotel line: the hotel and stay, its rooms priced from the contract or typed, its transfer. */
export function HotelLine(p: LineProps & { party: PartyValues }) {
  const { form, index: i } = p;
  const l = form.values.accomodations[i]!;
  const at = `accomodations.${i}`;
  const title = l.accomodationName || `Hotel ${i + 1}`;
  const setRooms = (n: number | string) => {
    form.setFieldValue(`${at}.numberOfRooms`, n);
    // A contract-priced stay has a room row per room.
    if (l.contractStay && Number(n) >= 1)
      form.setFieldValue(`${at}.contractStay.occupancy`, resizeOccupancy(l.contractStay.occupancy, Number(n)));
  };
  return (
    <LineCard title={title} remove={lineRemove(p, 'accomodations', title, l.id)}>
      <SimpleGrid cols={cols3} spacing="xs">
        <AccomodationSelect
          required
          valueLabel={l.accomodationName}
          {...form.getInputProps(`${at}.accomodationId`)}
          onChange={(v, o) => {
            form.setFieldValue(`${at}.accomodationId`, v);
            form.setFieldValue(`${at}.accomodationName`, o?.label ?? '');
            // Another hotel's contract has other room types.
            if (l.contractStay) form.setFieldValue(`${at}.contractStay`, null);
          }}
        />
        <DateField label="Check-in" clearable {...form.getInputProps(`${at}.checkinDate`)} />
        <NumberInput label="Nights" required min={1} allowDecimal={false} {...form.getInputProps(`${at}.noOfNights`)} />
        <NumberInput
          label="Rooms"
          required
          min={1}
          allowDecimal={false}
          {...form.getInputProps(`${at}.numberOfRooms`)}
          onChange={setRooms}
        />
      </SimpleGrid>
      <ContractStayFields
        form={form}
        at={at}
        line={l}
        party={p.party}
        saved={savedStay(p, l.id)}
        currency={form.values.currencySymbol}
      />
      {!l.contractStay && <TypedRooms form={form} at={at} />}
      <Checkbox
        label="Booked by the customer (rooms not charged, transfers are)"
        {...form.getInputProps(`${at}.bookedByCustomer`, { type: 'checkbox' })}
      />
      <TransferFields form={form} at={at} value={l} />
      {l.transferType && (
        <SimpleGrid cols={cols3} spacing="xs">
          <AreaSelect
            label="Airport area"
            description="Prices the transfer from the area transfers"
            clearable
            valueLabel={l.airportAreaName}
            value={l.airportAreaId}
            onChange={(v, o) => {
              form.setFieldValue(`${at}.airportAreaId`, v);
              form.setFieldValue(`${at}.airportAreaName`, o?.label ?? '');
            }}
          />
          {l.airportAreaId ? (
            <Text size="sm" mt={{ xs: 28 }} data-testid="hotel-transfer-price" aria-live="polite">
              Transfer: {money(Number(l.transferPrice) || 0, form.values.currencySymbol)}
              {form.isDirty() ? ' (priced again from the area transfers on save)' : ' (from the area transfers)'}
            </Text>
          ) : (
            <AmountField label="Transfer price" required={false} {...form.getInputProps(`${at}.transferPrice`)} />
          )}
          {form.errors[`${at}.transferPrice`] && l.airportAreaId && (
            <Text size="xs" c="red.8" role="alert">
              {form.errors[`${at}.transferPrice`]}
            </Text>
          )}
        </SimpleGrid>
      )}
      <LinePricing
        form={form}
        at={at}
        typedCost={!l.contractStay}
        currency={form.values.currencySymbol}
        {...savedPricing(p, 'accomodations', l.id)}
      />
      <TextInput label="Confirmation number" {...form.getInputProps(`${at}.confirmationNumber`)} />
    </LineCard>
  );
}

/**
 * An activity line: city → tour option (priced for the party on the day by `dmc/getTourOptionsByCity`), then the
 * line's price with its transfer from the rate engine (`dmc/getTourOptionPriceForQuotationBuilder`), as the server
 * will price it again on save.
 */
export function ActivityLine(p: LineProps & { party: PartyValues }) {
  const { form, index: i, party } = p;
  const l = form.values.activities[i]!;
  const at = `activities.${i}`;
  const date = l.startDate || party.arrivalDate;
  const adults = Number(party.adults) || 1;
  const children = Number(party.child) || 0;
  const marketPart = party.marketId ? { marketId: party.marketId } : {};
  const options = useApi(
    getTourOptionsByCity,
    l.cityId && date ? { cityId: Number(l.cityId), date, adults, children, limit: 50, ...marketPart } : null,
    quiet,
  );
  const choices = useMemo(
    () =>
      (options.data?.records ?? []).flatMap((a) =>
        a.tourOptions.map((o) => ({
          value: o.tourOption.id,
          label: `${a.activity.name} · ${o.tourOption.name}`,
          activityId: a.activity.id,
          activityName: a.activity.name,
          optionName: o.tourOption.name,
          // A tour option that runs at set times is booked at one of them.
          slots: o.tourOption.hasTimeSlots ? o.tourOption.timeSlots : [],
        })),
      ),
    [options.data],
  );
  const current =
    l.tourOptionId && !choices.some((c) => c.value === l.tourOptionId)
      ? [{ value: l.tourOptionId, label: [l.activityName, l.tourOptionName].filter(Boolean).join(' · ') }]
      : [];
  const slots = choices.find((c) => c.value === l.tourOptionId)?.slots ?? [];
  const t = l.transfers;
  const priceInput =
    l.tourOptionId && date && (!t.transferType || t.sharingBasis)
      ? {
          tourOptionId: l.tourOptionId,
          date,
          adults,
          children,
          transferType: t.transferType,
          sharingBasis: t.transferType ? t.sharingBasis : null,
          ...marketPart,
        }
      : null;
  // A saved line keeps its saved price until what prices it changes (opening a quotation changes nothing).
  const priceKey = JSON.stringify(priceInput);
  const [savedKey] = useState(() => (l.id ? priceKey : null));
  const priced = useApi(getTourOptionPriceForQuotationBuilder, priceKey === savedKey ? null : priceInput, quiet);
  const answer = priceInput && priceKey !== savedKey ? priced.data : undefined;
  const price = answer?.available ? answer.price : null;
  useEffect(() => {
    if (answer && form.values.activities[i]?.price !== price) form.setFieldValue(`${at}.price`, price);
    // Only a new answer writes the price (the line's own edits do not).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer, price]);
  const title = [l.activityName, l.tourOptionName].filter(Boolean).join(': ') || `Activity ${i + 1}`;
  return (
    <LineCard title={title} remove={lineRemove(p, 'activities', title, l.id)}>
      <SimpleGrid cols={cols3} spacing="xs">
        <CitySelect
          valueLabel={l.cityName}
          value={l.cityId}
          onChange={(v, o) => {
            form.setFieldValue(`${at}.cityId`, v);
            form.setFieldValue(`${at}.cityName`, o?.label ?? '');
          }}
          description={party.arrivalDate ? undefined : 'Set the arrival date to list tour options'}
          placeholder={l.tourOptionId ? 'To change the tour option' : 'Type a city'}
        />
        <Select
          label="Tour option"
          required
          searchable
          placeholder={l.cityId ? 'Choose a tour option' : 'Choose a city first'}
          nothingFoundMessage={options.isLoading ? 'Searching…' : 'No tour option in this city'}
          data={[...current, ...choices.map(({ value, label }) => ({ value, label }))]}
          value={l.tourOptionId}
          error={form.errors[`${at}.tourOptionId`] ?? form.errors[`${at}.activityId`]}
          onChange={(v) => {
            const c = choices.find((x) => x.value === v);
            form.setFieldValue(`${at}.tourOptionId`, v);
            form.setFieldValue(`${at}.activityId`, c?.activityId ?? null);
            form.setFieldValue(`${at}.activityName`, c?.activityName ?? '');
            form.setFieldValue(`${at}.tourOptionName`, c?.optionName ?? '');
          }}
          comboboxProps={{ withinPortal: true }}
        />
        <DateField label="Start date" clearable {...form.getInputProps(`${at}.startDate`)} />
        {slots.length > 0 ? (
          <Select
            label="Time slot"
            placeholder="Choose a time slot"
            data={slots}
            clearable
            {...form.getInputProps(`${at}.time`)}
            comboboxProps={{ withinPortal: true }}
          />
        ) : (
          <TimeInput label="Time" {...form.getInputProps(`${at}.time`)} />
        )}
      </SimpleGrid>
      <TransferFields form={form} at={`${at}.transfers`} value={t} />
      <Group gap="xs" aria-live="polite">
        <Text size="sm" fw={500}>
          Price:
        </Text>
        <Text size="sm" data-testid="activity-price">
          {priceInput && priceKey !== savedKey && priced.isLoading
            ? 'Pricing…'
            : answer && !answer.available
              ? answer.reason.message
              : l.price !== null
                ? money(l.price, party.currencySymbol)
                : 'Choose a tour option and a date'}
        </Text>
        {form.errors[`${at}.price`] && (
          <Text size="xs" c="red.8" role="alert">
            {KART_MSG.notPriced}
          </Text>
        )}
      </Group>
      <LinePricing
        form={form}
        at={at}
        typedCost={false}
        currency={party.currencySymbol}
        {...savedPricing(p, 'activities', l.id)}
      />
      <TextInput label="Confirmation number" {...form.getInputProps(`${at}.confirmationNumber`)} />
    </LineCard>
  );
}

export function MiscLine(p: LineProps) {
  const { form, index: i } = p;
  const l = form.values.miscellaneous[i]!;
  const at = `miscellaneous.${i}`;
  const title = l.name || `Item ${i + 1}`;
  return (
    <LineCard title={title} remove={lineRemove(p, 'miscellaneous', title, l.id)}>
      <SimpleGrid cols={cols3} spacing="xs">
        <TextInput label="Name" required {...form.getInputProps(`${at}.name`)} />
        <AmountField label="Price" {...form.getInputProps(`${at}.price`)} />
        <DateField label="Date" clearable {...form.getInputProps(`${at}.startDate`)} />
      </SimpleGrid>
      <Textarea label="Description" autosize minRows={2} maxRows={4} {...form.getInputProps(`${at}.description`)} />
      <LinePricing
        form={form}
        at={at}
        typedCost
        currency={form.values.currencySymbol}
        {...savedPricing(p, 'miscellaneous', l.id)}
      />
    </LineCard>
  );
}

export function FlightLine(p: LineProps) {
  const { form, index: i } = p;
  const l = form.values.flightDetails[i]!;
  const at = `flightDetails.${i}`;
  const title = [l.airlineCode, l.flightNo].filter(Boolean).join(' ') || `Flight ${i + 1}`;
  return (
    <LineCard
      title={title}
      remove={
        // Flights have no remove call (§7): the line goes with the next save.
        <Button
          size="xs"
          color="red"
          variant="subtle"
          aria-label={`Remove ${title}`}
          onClick={() => form.removeListItem('flightDetails', i)}
        >
          Remove
        </Button>
      }
    >
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs">
        <TextInput label="Airline" required maxLength={3} {...form.getInputProps(`${at}.airlineCode`)} />
        <TextInput label="Flight no." required maxLength={10} {...form.getInputProps(`${at}.flightNo`)} />
        <TextInput label="From" required maxLength={3} {...form.getInputProps(`${at}.origin`)} />
        <TextInput label="To" required maxLength={3} {...form.getInputProps(`${at}.destination`)} />
        <DateField label="Departs" clearable {...form.getInputProps(`${at}.departureDate`)} />
        <TimeInput label="Departure time" {...form.getInputProps(`${at}.departureTime`)} />
        <DateField label="Arrives" clearable {...form.getInputProps(`${at}.arrivalDate`)} />
        <TimeInput label="Arrival time" {...form.getInputProps(`${at}.arrivalTime`)} />
        <TextInput label="PNR" maxLength={16} {...form.getInputProps(`${at}.pnr`)} />
        <AmountField label="Price" {...form.getInputProps(`${at}.price`)} />
      </SimpleGrid>
      <LinePricing
        form={form}
        at={at}
        typedCost
        currency={form.values.currencySymbol}
        {...savedPricing(p, 'flightDetails', l.id)}
      />
    </LineCard>
  );
}

const PAX_LABELS = { adult: 'Adult', child: 'Child', infant: 'Infant' } as const;
const TITLES = ['Mr', 'Mrs', 'Ms', 'Miss', 'Master', 'Dr'];

/** Passengers (title required, §5); counted against adults, child and infant ('Passenger count mismatch…'). */
export function Passengers({ form }: { form: KartForm }) {
  return (
    <Section
      title="Passengers"
      add="Add passenger"
      onAdd={() => form.insertListItem('passengers', blankLine.passengers())}
      empty={form.values.passengers.length === 0}
    >
      {form.values.passengers.map((p, i) => (
        <Group key={p.key} gap="xs" align="flex-end" wrap="wrap">
          <Select
            label="Type"
            w={110}
            data={PAX_TYPES.map((value) => ({ value, label: PAX_LABELS[value] }))}
            allowDeselect={false}
            {...form.getInputProps(`passengers.${i}.paxType`)}
          />
          <Select label="Title" required w={110} data={TITLES} {...form.getInputProps(`passengers.${i}.title`)} />
          <TextInput
            label="First name"
            style={{ flex: '1 1 140px' }}
            {...form.getInputProps(`passengers.${i}.firstName`)}
          />
          <TextInput
            label="Last name"
            style={{ flex: '1 1 140px' }}
            {...form.getInputProps(`passengers.${i}.lastName`)}
          />
          <Button
            size="xs"
            mb={6}
            color="red"
            variant="subtle"
            aria-label={`Remove passenger ${i + 1}`}
            onClick={() => form.removeListItem('passengers', i)}
          >
            Remove
          </Button>
        </Group>
      ))}
      <GroupError form={form} path="passengers" />
    </Section>
  );
}
