import type { ChangeEvent } from 'react';
import { Button, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { updateBillingDetails } from '@tp/contracts/endpoints/customers';
import { isValidGstin, ZBillingDetails } from '@tp/contracts/customers';
import { MSG } from '@tp/contracts/messages';
import type { TUser } from '@tp/contracts/users';
import { useAction } from '#api/action.ts';
import { FormCard } from '#shared/FormCard.tsx';
import { PageLoader } from '#shared/PageLoader.tsx';
import { userStore, useUser } from '#shared/state.ts';
import { GST_STATES, stateOfGstin } from './gst-states.ts';

const STATE_OPTIONS = GST_STATES.map((s) => ({ value: s.name, label: `${s.name} (${s.code})` }));

const initialBilling = (user: TUser) =>
  user.billing ?? {
    billingName: `${user.firstName} ${user.lastName}`.trim(),
    gstNumber: user.gstNumber ?? '',
    gstState: '',
    panNumber: user.panNumber ?? '',
  };

function BillingForm({ user }: { user: TUser }) {
  const form = useForm({
    initialValues: initialBilling(user),
    validate: schemaResolver(ZBillingDetails, { sync: true }),
  });

  // GSTIN and PAN are upper case; a valid GSTIN names its state, so that is filled in too.
  const upper = (field: 'gstNumber' | 'panNumber') => ({
    ...form.getInputProps(field),
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value.toUpperCase().replace(/\s/g, '');
      form.setFieldValue(field, value);
      const state = field === 'gstNumber' && isValidGstin(value) ? stateOfGstin(value) : undefined;
      if (state) form.setFieldValue('gstState', state);
    },
  });

  const save = useAction(updateBillingDetails, {
    success: MSG.settingSaved,
    form,
    onSuccess: (updated) => {
      userStore.set(updated);
      form.setInitialValues(initialBilling(updated));
      form.resetDirty();
    },
  });
  const submit = form.onSubmit((values) => void save.run(values));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Shown on your invoices. GST details are optional; a GSTIN needs its state.
        </Text>
        <TextInput label="Billing name" required autoComplete="organization" {...form.getInputProps('billingName')} />
        <TextInput
          label="GST number"
          description="15 characters, e.g. 27AAPFU0939F1ZV"
          maxLength={15}
          autoCapitalize="characters"
          spellCheck={false}
          {...upper('gstNumber')}
        />
        <Select
          label="GST state"
          placeholder="Choose the state of registration"
          data={STATE_OPTIONS}
          searchable
          clearable
          nothingFoundMessage="No state found"
          {...form.getInputProps('gstState')}
          value={form.values.gstState || null}
          onChange={(v) => form.setFieldValue('gstState', v ?? '')}
        />
        <TextInput
          label="PAN"
          description="10 characters, e.g. AAPFU0939F"
          maxLength={10}
          autoCapitalize="characters"
          spellCheck={false}
          {...upper('panNumber')}
        />
        <Button type="submit" loading={save.busy} mt="xs">
          Save billing details
        </Button>
      </Stack>
    </form>
  );
}

/** /user/billing-details: billing name, GSTIN with its state, and PAN, validated with the contract's rules. */
export default function BillingDetailsPage() {
  const user = useUser();
  return (
    <FormCard title="Billing details" width={560}>
      {user ? <BillingForm user={user} /> : <PageLoader />}
    </FormCard>
  );
}
