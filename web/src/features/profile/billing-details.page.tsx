import type { ChangeEvent } from 'react';
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { isValidGstin, updateBillingDetails, ZBillingDetails } from '@tp/contracts/endpoints/customers';
import { getMyTaxIdStatus, type TTaxIdState } from '@tp/contracts/endpoints/kyc';
import * as MSG from '@tp/contracts/messages';
import type { TUser } from '@tp/contracts/endpoints/users';
import { useAction } from '#api/action.ts';
import { useApi } from '#api/hooks.ts';
import { StatusBadge } from '#shared/StatusBadge.tsx';
import { FormCard } from '#shared/FormCard.tsx';
import { PageLoader } from '#shared/PageLoader.tsx';
import { userStore, useUser } from '#lib/state.ts';
import { GST_STATES, stateOfGstin } from './gst-states.ts';

const STATE_OPTIONS = GST_STATES.map((s) => ({ value: s.name, label: `${s.name} (${s.code})` }));

const initialBilling = (user: TUser) =>
  user.billing ?? {
    billingName: `${user.firstName} ${user.lastName}`.trim(),
    gstNumber: user.gstNumber ?? '',
    gstState: '',
    panNumber: user.panNumber ?? '',
  };

const REVIEW_NOTE = {
  pending: 'We are checking this number',
  verified: 'Checked by our team',
  rejected: 'Please correct this number and save again',
} as const;

/**
 * Where staff's review of a saved number stands (/staff/verifyPanCard), under its field; nothing while the
 * field holds a number not yet saved (its review starts on save).
 */
function ReviewState({ state, typed }: { state: TTaxIdState | null | undefined; typed: string }) {
  if (!state || state.number !== typed) return null;
  return (
    <Stack gap={2} role="status" aria-label={`${state.document === 'pan' ? 'PAN' : 'GSTIN'} verification`}>
      <Group gap="xs">
        <StatusBadge status={state.status} color={state.status === 'verified' ? 'green' : undefined} />
        <Text size="sm">{REVIEW_NOTE[state.status]}</Text>
      </Group>
      {state.status === 'rejected' && state.reason && (
        <Text size="sm" c="red.9">
          {state.reason}
        </Text>
      )}
    </Stack>
  );
}

function BillingForm({ user }: { user: TUser }) {
  const review = useApi(getMyTaxIdStatus, {});
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
    // A new number starts a new review: its state is read again.
    revalidate: [getMyTaxIdStatus],
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
        <ReviewState state={review.data?.gst} typed={form.values.gstNumber} />
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
        <ReviewState state={review.data?.pan} typed={form.values.panNumber} />
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
