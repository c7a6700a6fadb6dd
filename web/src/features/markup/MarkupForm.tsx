import { NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { RequestOf } from '@tp/contracts/endpoint';
import type { TMarkupSetting } from '@tp/contracts/endpoints/markup';
import * as MSG from '@tp/contracts/messages';
import { useAction } from '#api/action.ts';
import type { KindConfig } from './kinds.ts';
import { FormFooter } from '#shared/FormFooter.tsx';

const AMOUNT_TYPES = [
  { value: 'fixed', label: 'Fixed amount (₹)' },
  { value: 'percent', label: 'Percentage (%)' },
];
const APPLY_PER = [
  { value: 'passenger', label: 'Per passenger (adults and children)' },
  { value: 'booking', label: 'Per booking' },
];

interface Values {
  groupId: string;
  markupId?: string;
  airlineCode: string;
  origin: string;
  destination: string;
  markupType: string;
  markupValue: number | string;
  discountType: string;
  discountValue: number | string;
  applyPer: string;
}

/** Add or edit one rule of a group; the contract's schema validates here and again on the server. */
export function MarkupForm({
  config,
  groupId,
  rule,
  onSaved,
  onCancel,
}: {
  config: KindConfig;
  groupId: string;
  rule?: TMarkupSetting | undefined;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const form = useForm<Values>({
    initialValues: {
      groupId,
      ...(rule ? { markupId: rule.markupId } : {}),
      airlineCode: rule?.airlineCode ?? '',
      origin: rule?.origin ?? '',
      destination: rule?.destination ?? '',
      markupType: rule?.markupType ?? 'fixed',
      markupValue: rule?.markupValue ?? '',
      discountType: rule?.discountType ?? 'fixed',
      discountValue: rule?.discountValue ?? 0,
      applyPer: rule?.applyPer ?? 'passenger',
    },
    validate: schemaResolver(config.schema, { sync: true }),
  });
  const save = useAction(config.save, { success: MSG.settingSaved, form, onSuccess: onSaved });
  const submit = form.onSubmit((values) => void save.run(values as RequestOf<KindConfig['save']>));
  const upper = (field: 'airlineCode' | 'origin' | 'destination') => {
    const props = form.getInputProps(field);
    return {
      ...props,
      onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
        form.setFieldValue(field, e.currentTarget.value.toUpperCase()),
    };
  };
  const fixedAny = form.values.markupType === 'fixed' || form.values.discountType === 'fixed';
  return (
    <form onSubmit={submit} noValidate aria-label={rule ? 'Edit markup' : 'Add markup'}>
      <Stack gap="sm">
        {config.kind === 'airline' && (
          <TextInput
            label="Airline code"
            description="Two-character IATA code, e.g. AI or 6E"
            required
            maxLength={2}
            data-autofocus
            {...upper('airlineCode')}
          />
        )}
        {config.kind === 'fixedDeparture' && (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label="Origin"
              description="Airport code, e.g. DEL"
              required
              maxLength={3}
              data-autofocus
              {...upper('origin')}
            />
            <TextInput
              label="Destination"
              description="Airport code, e.g. BOM"
              required
              maxLength={3}
              {...upper('destination')}
            />
          </SimpleGrid>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label="Markup type"
            required
            data={AMOUNT_TYPES}
            allowDeselect={false}
            {...form.getInputProps('markupType')}
          />
          <NumberInput label="Markup" required min={0} decimalScale={2} {...form.getInputProps('markupValue')} />
          <Select
            label="Discount type"
            required
            data={AMOUNT_TYPES}
            allowDeselect={false}
            {...form.getInputProps('discountType')}
          />
          <NumberInput label="Discount" required min={0} decimalScale={2} {...form.getInputProps('discountValue')} />
        </SimpleGrid>
        {fixedAny && (
          <Select
            label="Fixed amounts apply"
            required
            data={APPLY_PER}
            allowDeselect={false}
            {...form.getInputProps('applyPer')}
          />
        )}
        <FormFooter onCancel={onCancel} busy={save.busy} />
      </Stack>
    </form>
  );
}
