import {
  ActionIcon,
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
  Title,
} from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
import {
  FD_LIMITS,
  ZSaveFixedDeparture,
  listFixedDepartures,
  saveFixedDeparture,
  type TStaffDeparture,
} from '@tp/contracts/endpoints/fixed-departures';
import { useAction } from '#api/action.ts';
import { AmountInput, amountValue } from '#shared/AmountInput.tsx';
import { DateField } from '#shared/DateField.tsx';
import { FormFooter } from '#shared/FormFooter.tsx';
import { Modal } from '#shared/Modal.tsx';

interface FlightValues {
  airlineCode: string;
  flightNumber: string;
  origin: string;
  destination: string;
  departureTime: string;
  arrivalTime: string;
  originTerminal: string;
  destinationTerminal: string;
  baggage: string;
  cabinBaggage: string;
}
type Money = number | string;
interface Values {
  title: string;
  pnr: string;
  flights: FlightValues[];
  totalSeats: number | string;
  fares: Record<'adult' | 'child' | 'infant', { baseFare: Money; tax: Money }>;
  currency: string;
  saleFrom: string;
  saleUntil: string;
  isRefundable: boolean;
  isActive: boolean;
}

const blankFlight = (): FlightValues => ({
  airlineCode: '',
  flightNumber: '',
  origin: '',
  destination: '',
  departureTime: '',
  arrivalTime: '',
  originTerminal: '',
  destinationTerminal: '',
  baggage: '',
  cabinBaggage: '7 Kg',
});

const valuesOf = (d: TStaffDeparture | null): Values =>
  d
    ? {
        title: d.title,
        pnr: d.pnr,
        flights: d.flights.map((f) => ({
          airlineCode: f.airlineCode,
          flightNumber: f.flightNumber,
          origin: f.origin,
          destination: f.destination,
          departureTime: f.departureTime,
          arrivalTime: f.arrivalTime,
          originTerminal: f.originTerminal,
          destinationTerminal: f.destinationTerminal,
          baggage: f.baggage,
          cabinBaggage: f.cabinBaggage,
        })),
        totalSeats: d.totalSeats,
        fares: d.fares,
        currency: d.currency,
        saleFrom: d.saleFrom,
        saleUntil: d.saleUntil,
        isRefundable: d.isRefundable,
        isActive: d.isActive,
      }
    : {
        title: '',
        pnr: '',
        flights: [blankFlight()],
        totalSeats: '',
        fares: {
          adult: { baseFare: '', tax: '' },
          child: { baseFare: '', tax: '' },
          infant: { baseFare: '', tax: '' },
        },
        currency: 'INR',
        saleFrom: '',
        saleUntil: '',
        isRefundable: false,
        isActive: true,
      };

/** The request the form's values make (one function for the schema check and the call). */
const request = (v: Values, d: TStaffDeparture | null) => ({
  ...(d ? { id: d.id, version: d.version } : {}),
  ...v,
  totalSeats: amountValue(v.totalSeats),
  fares: Object.fromEntries(
    Object.entries(v.fares).map(([k, f]) => [k, { baseFare: amountValue(f.baseFare), tax: amountValue(f.tax) }]),
  ),
});

/** `YYYY-MM-DDTHH:mm` from its day and time inputs (one left empty keeps the other, so the schema names it). */
const joinDateTime = (day: string, time: string) => (day || time ? `${day}T${time}` : '');

function FlightFields({ form, index }: { form: UseFormReturnType<Values>; index: number }) {
  const path = (f: keyof FlightValues) => `flights.${index}.${f}`;
  const flights = form.getValues().flights;
  const label = `Flight ${index + 1}`;
  // A date-time is a day picker and a time input side by side (keyboard-friendly on every device).
  const when = (f: 'departureTime' | 'arrivalTime', text: string) => {
    const props = form.getInputProps(path(f));
    const value = String(props.value ?? '');
    const [day = '', time = ''] = value.split('T');
    return (
      <SimpleGrid cols={2} spacing="xs">
        <DateField
          label={`${text} date`}
          required
          value={day}
          onChange={(d) => props.onChange(joinDateTime(d, time))}
          error={props.error}
        />
        <TimeInput
          label={`${text} time`}
          required
          value={time}
          onChange={(e) => props.onChange(joinDateTime(day, e.currentTarget.value))}
        />
      </SimpleGrid>
    );
  };
  return (
    <Paper withBorder p="sm" role="group" aria-label={label}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} size="h5">
            {label}
          </Title>
          {flights.length > 1 && (
            <ActionIcon
              variant="subtle"
              color="red.8"
              aria-label={`Remove ${label}`}
              onClick={() => form.removeListItem('flights', index)}
            >
              ✕
            </ActionIcon>
          )}
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          <TextInput label="Airline code" required maxLength={2} {...form.getInputProps(path('airlineCode'))} />
          <TextInput label="Flight number" required maxLength={5} {...form.getInputProps(path('flightNumber'))} />
          <TextInput label="From (airport code)" required maxLength={3} {...form.getInputProps(path('origin'))} />
          <TextInput label="To (airport code)" required maxLength={3} {...form.getInputProps(path('destination'))} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          {when('departureTime', 'Departure')}
          {when('arrivalTime', 'Arrival')}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          <TextInput label="Departure terminal" {...form.getInputProps(path('originTerminal'))} />
          <TextInput label="Arrival terminal" {...form.getInputProps(path('destinationTerminal'))} />
          <TextInput label="Check-in baggage" placeholder="30 Kg" {...form.getInputProps(path('baggage'))} />
          <TextInput label="Cabin baggage" placeholder="7 Kg" {...form.getInputProps(path('cabinBaggage'))} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** Add or edit a fixed departure: flights, seats, fares per passenger type and the sale window. */
export function DepartureForm({ departure, onClose }: { departure: TStaffDeparture | null; onClose: () => void }) {
  const validate = schemaResolver(ZSaveFixedDeparture, { sync: true });
  const form = useForm<Values>({
    initialValues: valuesOf(departure),
    validate: (v) => validate(request(v, departure) as never),
  });
  const save = useAction(saveFixedDeparture, {
    form,
    success: 'Fixed departure saved',
    revalidate: [listFixedDepartures],
    onSuccess: onClose,
  });
  const fare = (type: 'adult' | 'child' | 'infant', label: string) => (
    <SimpleGrid cols={2} spacing="xs" key={type}>
      <AmountInput label={`${label} base fare`} min={0} {...form.getInputProps(`fares.${type}.baseFare`)} />
      <AmountInput label={`${label} taxes`} min={0} {...form.getInputProps(`fares.${type}.tax`)} />
    </SimpleGrid>
  );
  return (
    <Modal opened onClose={onClose} title={departure ? 'Edit fixed departure' : 'Add fixed departure'} size="xl">
      <form onSubmit={form.onSubmit((v) => void save.run(request(v, departure) as never))} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <TextInput label="Title" placeholder="Dubai Shopping Festival, 5 nights" {...form.getInputProps('title')} />
            <TextInput label="Group PNR" required maxLength={16} {...form.getInputProps('pnr')} />
          </SimpleGrid>
          {form.getValues().flights.map((_f, i) => (
            <FlightFields key={form.key(`flights.${i}`)} form={form} index={i} />
          ))}
          {form.getValues().flights.length < FD_LIMITS.maxFlights && (
            <Button variant="light" onClick={() => form.insertListItem('flights', blankFlight())} w="fit-content">
              Add a flight
            </Button>
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
            <NumberInput
              label="Total seats"
              required
              min={1}
              max={FD_LIMITS.maxSeats}
              allowDecimal={false}
              clampBehavior="none"
              {...form.getInputProps('totalSeats')}
            />
            <DateField label="Sale opens" required {...form.getInputProps('saleFrom')} />
            <DateField label="Sale closes" required {...form.getInputProps('saleUntil')} />
          </SimpleGrid>
          <Text size="sm" fw={500}>
            Fares per passenger (before markup)
          </Text>
          <Select
            label="Currency"
            data={['INR', 'AED', 'USD']}
            allowDeselect={false}
            w={140}
            {...form.getInputProps('currency')}
          />
          {fare('adult', 'Adult')}
          {fare('child', 'Child')}
          {fare('infant', 'Infant')}
          <Group gap="lg">
            <Checkbox label="Refundable" {...form.getInputProps('isRefundable', { type: 'checkbox' })} />
            <Checkbox label="On sale" {...form.getInputProps('isActive', { type: 'checkbox' })} />
          </Group>
          <FormFooter onCancel={onClose} busy={save.busy} />
        </Stack>
      </form>
    </Modal>
  );
}
