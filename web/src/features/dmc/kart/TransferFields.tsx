import { Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { KART_TRANSFER_TYPES, SHARING_BASES } from '@tp/domain/dmc';
import { DateField } from '#shared/DateField.tsx';
import { KART_TRANSFER_LABELS, SHARING_BASIS_LABELS, optionsOf } from '../shared/format.ts';
import type { KartValues, TransferValues } from './form.ts';

export type KartForm = UseFormReturnType<KartValues>;

/** A line-wide message under a group of fields (a leg that is missing as a whole). */
export function GroupError({ form, path }: { form: KartForm; path: string }) {
  const error = form.errors[path];
  return error ? (
    <Text size="xs" c="red.8" role="alert">
      {error}
    </Text>
  ) : null;
}

function LegFields({ form, at, legend }: { form: KartForm; at: string; legend: string }) {
  return (
    <Stack gap={4} component="fieldset" className="kart-leg">
      <Text component="legend" size="sm" fw={600}>
        {legend}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs">
        <TextInput label="Pickup from" {...form.getInputProps(`${at}.pickupLocation`)} />
        <TextInput label="Drop at" {...form.getInputProps(`${at}.dropLocation`)} />
        <DateField label="Date" clearable {...form.getInputProps(`${at}.date`)} />
        <TimeInput label="Time" {...form.getInputProps(`${at}.time`)} />
      </SimpleGrid>
      <GroupError form={form} path={at} />
    </Stack>
  );
}

/**
 * A line's transfer (§3): none, one way (the pickup leg) or return (both legs), its sharing basis (§5: required
 * with a type) and the legs' places and times. `at` is the path of the transfer fields (`accomodations.0` or
 * `activities.1.transfers`).
 */
export function TransferFields({ form, at, value }: { form: KartForm; at: string; value: TransferValues }) {
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <Select
          label="Transfer"
          placeholder="Without transfer"
          clearable
          data={optionsOf(KART_TRANSFER_TYPES, KART_TRANSFER_LABELS)}
          {...form.getInputProps(`${at}.transferType`)}
        />
        <Select
          label="Sharing basis"
          placeholder="Choose a basis"
          disabled={!value.transferType}
          required={!!value.transferType}
          data={optionsOf(SHARING_BASES, SHARING_BASIS_LABELS)}
          {...form.getInputProps(`${at}.sharingBasis`)}
        />
      </SimpleGrid>
      {value.transferType && <LegFields form={form} at={`${at}.pickupTransfer`} legend="Pickup" />}
      {value.transferType === 'return' && <LegFields form={form} at={`${at}.dropTransfer`} legend="Drop" />}
    </Stack>
  );
}
