import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  createDetailPendingCustomerForDmc,
  type TCustomer,
  ZPendingDmcCustomer,
} from '@tp/contracts/endpoints/customers';
import type { RequestOf } from '@tp/contracts/endpoint';
import { PREFERRED_PHONE_COUNTRY } from '@tp/domain/phone';
import { useAction } from '#api/action.ts';
import { PhoneInput } from '#shared/PhoneInput.tsx';
import { Pair } from '../shared/forms.tsx';
import { DmcDialog } from '../shared/page.tsx';
import { CustomerSelect } from '../shared/pickers.tsx';

type PendingValues = RequestOf<typeof createDetailPendingCustomerForDmc>;

export const customerLabel = (c: Pick<TCustomer, 'firstName' | 'lastName' | 'companyName' | 'email'>): string =>
  `${[c.firstName, c.lastName].filter(Boolean).join(' ') || c.companyName}${c.email ? ` · ${c.email}` : ''}`;

/** A pending customer (no password) for a quotation: a name and a phone or an email (`user/createDetailPendingCustomerForDmc`). */
function PendingCustomerForm({ onCreated, onCancel }: { onCreated: (c: TCustomer) => void; onCancel: () => void }) {
  const form = useForm<PendingValues>({
    initialValues: {
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      phoneCode: PREFERRED_PHONE_COUNTRY,
      companyName: '',
    },
    validate: schemaResolver(ZPendingDmcCustomer, { sync: true }),
  });
  const create = useAction(createDetailPendingCustomerForDmc, {
    success: 'Customer created',
    form,
    onSuccess: onCreated,
  });
  return (
    <form onSubmit={form.onSubmit((v) => void create.run(v))} noValidate aria-label="New customer">
      <Stack gap="sm">
        <Pair>
          <TextInput label="First name" required data-autofocus {...form.getInputProps('firstName')} />
          <TextInput label="Last name" {...form.getInputProps('lastName')} />
        </Pair>
        <TextInput label="Company" {...form.getInputProps('companyName')} />
        <TextInput label="Email" type="email" {...form.getInputProps('email')} />
        <PhoneInput label="Phone" code={form.getInputProps('phoneCode')} number={form.getInputProps('phone')} />
        <Text size="xs" c="dimmed">
          Give a phone number or an email. The customer can set a password later.
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={create.busy}>
            Create customer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The kart's customer: an existing one of the site by search, or a new pending one. */
export function CustomerField({
  value,
  valueLabel,
  error,
  onChange,
}: {
  value: string | null;
  valueLabel: string;
  error?: string | undefined;
  onChange: (id: string | null, label: string) => void;
}) {
  const [creating, setCreating] = useState(false);
  return (
    <>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <CustomerSelect
          required
          value={value}
          valueLabel={valueLabel}
          error={error}
          onChange={(v, o) => onChange(v, o?.label ?? '')}
          w="100%"
        />
        <Button variant="light" onClick={() => setCreating(true)} style={{ flexShrink: 0 }} mb={error ? 22 : 0}>
          New customer
        </Button>
      </Group>
      <DmcDialog opened={creating} onClose={() => setCreating(false)} title="New customer" size="md">
        <PendingCustomerForm
          onCancel={() => setCreating(false)}
          onCreated={(c) => {
            onChange(c.id, customerLabel(c));
            setCreating(false);
          }}
        />
      </DmcDialog>
    </>
  );
}
