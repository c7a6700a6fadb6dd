import { memo } from 'react';
import { Accordion, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { TSeat, TSsrCatalogue } from '@tp/contracts/endpoints/flights';
import { formatMoney } from '#shared/format.ts';
import { DateField } from '#shared/DateField.tsx';
import { PhoneInput } from '#shared/PhoneInput.tsx';
import { PAX_NAME, TITLES, ssrBySegment, type PaxForm } from './passenger-form.ts';
import { localDate } from './search-form.ts';
import { SeatMap } from './SeatMap.tsx';
import css from './SeatMap.module.css';

const seatsOf = (rows: TSeat[][]) => rows.flat();

export interface PassengersFormValues {
  passengers: PaxForm[];
  paymentMode: 'wallet' | 'gateway';
  hold: boolean;
}

const GENDERS = [
  { value: '1', label: 'Male' },
  { value: '2', label: 'Female' },
];

/** One passenger's fields: name, gender, birth date and passport where needed, lead contact, extras. */
export const PassengerFields = memo(function PassengerFields({
  form,
  index,
  number,
  passportRequired,
  countries,
  ssr,
  takenSeats,
}: {
  form: UseFormReturnType<PassengersFormValues>;
  index: number;
  /** 1-based number within its passenger type. */
  number: number;
  passportRequired: boolean;
  countries: { value: string; label: string }[];
  ssr: TSsrCatalogue | undefined;
  takenSeats: Record<string, string[]>;
}) {
  const p = form.getValues().passengers[index]!;
  const path = (f: keyof PaxForm) => `passengers.${index}.${f}`;
  const lead = index === 0;
  const name = `${PAX_NAME[p.paxType]} ${number}${lead ? ' (lead passenger)' : ''}`;
  const grouped = ssrBySegment(ssr);
  const money = (n: number) => (n > 0 ? ` ${formatMoney(n)}` : ' free');
  // Nobody is born after today; a passport that has already expired cannot be used.
  const today = localDate();
  return (
    <Paper withBorder p="md" role="group" aria-label={name}>
      <Stack gap="sm">
        <Title order={4}>{name}</Title>
        <SimpleGrid cols={{ base: 1, xs: 4 }} spacing="sm">
          <Select label="Title" data={TITLES[p.paxType]} required {...form.getInputProps(path('title'))} />
          <TextInput label="First name" required {...form.getInputProps(path('firstName'))} />
          <TextInput label="Last name" required {...form.getInputProps(path('lastName'))} />
          <Select label="Gender" data={GENDERS} required {...form.getInputProps(path('gender'))} />
          {(p.paxType !== 1 || passportRequired) && (
            <DateField label="Date of birth" required maxDate={today} {...form.getInputProps(path('dateOfBirth'))} />
          )}
          {passportRequired && (
            <>
              <TextInput label="Passport number" required {...form.getInputProps(path('passportNo'))} />
              <DateField
                label="Passport expiry"
                required
                minDate={today}
                {...form.getInputProps(path('passportExpiry'))}
              />
              <Select
                label="Passport issued by"
                data={countries}
                searchable
                required
                {...form.getInputProps(path('passportIssueCountryCode'))}
              />
              <Select label="Nationality" data={countries} searchable {...form.getInputProps(path('nationality'))} />
            </>
          )}
        </SimpleGrid>
        {lead && (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <PhoneInput
              label="Mobile number"
              required
              code={form.getInputProps(path('phoneCountry'))}
              number={form.getInputProps(path('mobileNo'))}
            />
            <TextInput type="email" label="Email" required {...form.getInputProps(path('email'))} />
          </SimpleGrid>
        )}
        {ssr && p.paxType !== 3 && (
          <Stack gap="xs">
            {[...new Set([...grouped.baggage.keys(), ...grouped.meal.keys()])].map((seg) => (
              <SimpleGrid key={seg} cols={{ base: 1, xs: 2 }} spacing="sm">
                {grouped.baggage.get(seg) && (
                  <Select
                    label={`Extra baggage ${seg}`}
                    clearable
                    data={grouped.baggage.get(seg)!.map((b) => ({
                      value: b.code,
                      label: `${b.weight ? `${b.weight} kg` : b.description}${money(b.price)}`,
                    }))}
                    {...form.getInputProps(`passengers.${index}.baggage.${seg}`)}
                  />
                )}
                {grouped.meal.get(seg) && (
                  <Select
                    label={`Meal ${seg}`}
                    clearable
                    data={grouped.meal.get(seg)!.map((m) => ({
                      value: m.code,
                      label: `${m.description || m.code}${money(m.price)}`,
                    }))}
                    {...form.getInputProps(`passengers.${index}.meal.${seg}`)}
                  />
                )}
              </SimpleGrid>
            ))}
            {ssr.seatDynamic.length > 0 && (
              <Accordion variant="contained" chevronPosition="right" classNames={{ content: css.seatPanel }}>
                {ssr.seatDynamic.map((s) => {
                  const picked = seatsOf(s.rows).find((x) => x.code === p.seat[s.segment]);
                  return (
                    <Accordion.Item key={s.segment} value={s.segment}>
                      {/* Named by what it shows (axe label-content-name-mismatch); the passenger's group names whose. */}
                      <Accordion.Control>
                        <Text size="sm">
                          Seat {s.segment}:{' '}
                          <b>{picked ? `${picked.code} (${money(picked.price).trim()})` : 'none chosen'}</b>
                        </Text>
                      </Accordion.Control>
                      <Accordion.Panel>
                        <SeatMap
                          rows={s.rows}
                          label={`Seats ${s.segment} for ${name}`}
                          selected={p.seat[s.segment]}
                          taken={takenSeats[s.segment] ?? []}
                          onPick={(seat) =>
                            form.setFieldValue(`passengers.${index}.seat.${s.segment}`, seat?.code ?? '')
                          }
                        />
                      </Accordion.Panel>
                    </Accordion.Item>
                  );
                })}
              </Accordion>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
});
