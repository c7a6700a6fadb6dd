import {
  Anchor,
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useRef } from 'react';
import { schemaResolver, useForm } from '@mantine/form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  PACKAGE_MSG,
  ZPackageInput,
  getPackage,
  listPackages,
  savePackage,
  staffGetPackage,
  type TPackage,
  type TPackageInput,
} from '@tp/contracts/endpoints/packages';
import { MAX_PACKAGE_DAYS, packageErrors } from '@tp/domain/packages';
import { useAction } from '#api/action.ts';
import { useApi } from '#api/hooks.ts';
import { amountValue } from '#shared/AmountInput.tsx';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { STAFF_LIST_PATH, imagesPath } from './links.ts';
import { PointsField } from './PointsField.tsx';
import { StaffGate } from './StaffGate.tsx';

interface Day {
  title: string;
  description: string;
}
interface Values {
  title: string;
  destination: string;
  days: number | string;
  nights: number | string;
  price: number | string;
  currency: string;
  priceBasis: string;
  overview: string;
  itinerary: Day[];
  inclusions: string[];
  exclusions: string[];
  isActive: boolean;
  forSupply: boolean;
}

const blankDay = (): Day => ({ title: '', description: '' });

function initialValues(p: TPackage | null): Values {
  if (!p)
    return {
      title: '',
      destination: '',
      days: 3,
      nights: 2,
      price: '',
      currency: 'INR',
      priceBasis: 'per person',
      overview: '',
      itinerary: [blankDay(), blankDay(), blankDay()],
      inclusions: [''],
      exclusions: [''],
      isActive: true,
      forSupply: false,
    };
  return {
    title: p.title,
    destination: p.destination,
    days: p.days,
    nights: p.nights,
    price: p.price,
    currency: p.currency,
    priceBasis: p.priceBasis,
    overview: p.overview,
    itinerary: p.itinerary.map((d) => ({ title: d.title, description: d.description })),
    inclusions: p.inclusions,
    exclusions: p.exclusions,
    isActive: p.isActive,
    forSupply: p.forSupply,
  };
}

function PackageForm({ initial }: { initial: TPackage | null }) {
  const navigate = useNavigate();
  const request = (v: Values): TPackageInput => ({
    ...(initial ? { id: initial.id, version: initial.version } : {}),
    ...v,
    days: amountValue(v.days) as number,
    nights: amountValue(v.nights) as number,
    price: amountValue(v.price) as number,
    // Empty lines are the blank inputs the form offers, not points.
    inclusions: v.inclusions.filter((s) => s.trim()),
    exclusions: v.exclusions.filter((s) => s.trim()),
  });
  const resolver = schemaResolver(ZPackageInput, { sync: true });
  const form = useForm<Values>({
    initialValues: initialValues(initial),
    // The contract's schema, then the domain's rule (one itinerary entry a day, nights) with the server's messages.
    validate: (values) => {
      const req = request(values);
      const errors: Record<string, string> = { ...resolver(req) } as Record<string, string>;
      const [days, nights] = [Number(req.days), Number(req.nights)];
      if (Number.isInteger(days) && Number.isInteger(nights))
        for (const [k, m] of Object.entries(packageErrors({ days, nights, itinerary: values.itinerary })))
          errors[k] ??= m;
      return errors;
    },
  });
  const lastDays = useRef(initial?.days ?? 3);
  const save = useAction(savePackage, {
    form,
    success: PACKAGE_MSG.saved,
    revalidate: [listPackages, getPackage, staffGetPackage],
    onSuccess: () => navigate(STAFF_LIST_PATH),
  });

  /** A new length: the itinerary gains blank days or loses the last ones; nights follow while they were days − 1. */
  const setDays = (value: number | string) => {
    const v = form.getValues();
    const days = value === '' ? NaN : Number(value);
    form.setFieldValue('days', value);
    if (!Number.isInteger(days) || days < 1 || days > MAX_PACKAGE_DAYS) return;
    // The last whole length typed, not the field (which passes through '' while the user retypes it).
    if (v.nights === '' || Number(v.nights) === lastDays.current - 1) form.setFieldValue('nights', days - 1);
    lastDays.current = days;
    const itinerary = v.itinerary.slice(0, days);
    while (itinerary.length < days) itinerary.push(blankDay());
    form.setFieldValue('itinerary', itinerary);
  };
  const itinerary = form.getValues().itinerary;

  return (
    <form noValidate onSubmit={form.onSubmit((v) => void save.run(request(v)))} aria-label="Tour package">
      <Stack gap="md">
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label="Title" required key={form.key('title')} {...form.getInputProps('title')} />
              <TextInput
                label="Destination"
                required
                placeholder="Dubai, Thailand, Kerala…"
                key={form.key('destination')}
                {...form.getInputProps('destination')}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              <NumberInput
                label="Days"
                required
                min={1}
                max={MAX_PACKAGE_DAYS}
                allowDecimal={false}
                clampBehavior="none"
                key={form.key('days')}
                {...form.getInputProps('days')}
                onChange={setDays}
              />
              <NumberInput
                label="Nights"
                required
                min={0}
                allowDecimal={false}
                clampBehavior="none"
                key={form.key('nights')}
                {...form.getInputProps('nights')}
              />
              <NumberInput
                label="Price from"
                required
                min={1}
                decimalScale={2}
                thousandSeparator=","
                clampBehavior="none"
                key={form.key('price')}
                {...form.getInputProps('price')}
              />
              <TextInput
                label="Currency"
                required
                maxLength={3}
                key={form.key('currency')}
                {...form.getInputProps('currency')}
              />
            </SimpleGrid>
            <TextInput
              label="Price basis"
              placeholder="per person on twin sharing"
              key={form.key('priceBasis')}
              {...form.getInputProps('priceBasis')}
            />
            <Textarea label="Overview" rows={3} key={form.key('overview')} {...form.getInputProps('overview')} />
            <Group gap="lg">
              <Switch
                label="Active (travellers see it)"
                key={form.key('isActive')}
                {...form.getInputProps('isActive', { type: 'checkbox' })}
              />
              <Switch
                label="For supply (offered to consumer sites)"
                key={form.key('forSupply')}
                {...form.getInputProps('forSupply', { type: 'checkbox' })}
              />
            </Group>
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="itinerary-heading">
          <Title order={2} size="h4" id="itinerary-heading" mb="sm">
            Itinerary, day by day
          </Title>
          {form.errors.itinerary && (
            <Text size="sm" c="red.8" role="alert" mb="xs">
              {form.errors.itinerary}
            </Text>
          )}
          <Stack gap="sm">
            {itinerary.map((_, i) => (
              <SimpleGrid key={form.key(`itinerary.${i}`)} cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  label={`Day ${i + 1}`}
                  required
                  placeholder="Arrival and city tour"
                  key={form.key(`itinerary.${i}.title`)}
                  {...form.getInputProps(`itinerary.${i}.title`)}
                />
                <Textarea
                  label={`Day ${i + 1} details`}
                  rows={2}
                  key={form.key(`itinerary.${i}.description`)}
                  {...form.getInputProps(`itinerary.${i}.description`)}
                />
              </SimpleGrid>
            ))}
          </Stack>
        </Paper>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Paper withBorder radius="md" p="md">
            <PointsField form={form} field="inclusions" label="Inclusions" one="inclusion" />
          </Paper>
          <Paper withBorder radius="md" p="md">
            <PointsField form={form} field="exclusions" label="Exclusions" one="exclusion" />
          </Paper>
        </SimpleGrid>

        <Group gap="sm">
          <Button type="submit" loading={save.busy}>
            Save package
          </Button>
          <Button variant="default" component={Link} to={STAFF_LIST_PATH}>
            Cancel
          </Button>
          {initial && (
            <Anchor component={Link} to={imagesPath(initial.id)} size="sm">
              Manage images ({initial.images.length})
            </Anchor>
          )}
        </Group>
      </Stack>
    </form>
  );
}

function EditExisting({ id }: { id: string }) {
  const pkg = useApi(staffGetPackage, { id });
  return (
    <AsyncContent
      data={pkg.data}
      error={pkg.error}
      onRetry={() => void pkg.mutate()}
      loadingLabel="Loading the package"
    >
      {(p) => <PackageForm key={`${p.id}:${p.version}`} initial={p} />}
    </AsyncContent>
  );
}

/** /staff/tour_package/create_or_edit_tour_package[?id=]: a new package, or the one named by `id`. */
export default function PackageEditorPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <StaffGate
      title={id ? 'Edit Tour Package' : 'New Tour Package'}
      intro="Travellers see the title, destination, price, the itinerary of each day, what is included and what is not."
    >
      {id ? <EditExisting id={id} /> : <PackageForm initial={null} />}
    </StaffGate>
  );
}
