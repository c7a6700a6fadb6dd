import { Button, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  getSupplierProfile,
  saveSupplierProfile,
  SUPPLIER_TERM_BASES,
  type TSupplierProfile,
} from '@tp/contracts/endpoints/dmc-payables';
import { useApi } from '#api/hooks.ts';
import { useEndpointForm } from '#shared/form.ts';

const BASIS_LABELS: Record<(typeof SUPPLIER_TERM_BASES)[number], string> = {
  afterService: 'Days after the service',
  afterInvoice: 'Days after their invoice',
};

function ProfileForm({ profile, onClose }: { profile: TSupplierProfile; onClose: () => void }) {
  const { form, submit, busy } = useEndpointForm({
    endpoint: saveSupplierProfile,
    initialValues: {
      contactName: profile.contactName,
      email: profile.email,
      phone: profile.phone,
      address: profile.address,
      basis: profile.terms.basis,
      days: profile.terms.days as number | string,
      currency: profile.currency,
    },
    toRequest: (v) => ({
      supplier: profile.supplier,
      contactName: v.contactName,
      email: v.email,
      phone: v.phone,
      address: v.address,
      terms: { basis: v.basis, days: v.days === '' ? Number.NaN : Number(v.days) },
      currency: v.currency.trim().toUpperCase(),
      version: profile.version,
    }),
    revalidate: [getSupplierProfile],
    onSuccess: onClose,
  });
  return (
    <form onSubmit={submit} noValidate aria-label={`Details of ${profile.name}`}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Contact" data-autofocus {...form.getInputProps('contactName')} />
          <TextInput label="Email" type="email" {...form.getInputProps('email')} />
          <TextInput label="Phone" {...form.getInputProps('phone')} />
          <TextInput label="Address" {...form.getInputProps('address')} />
          <Select
            label="Payment terms"
            data={SUPPLIER_TERM_BASES.map((b) => ({ value: b, label: BASIS_LABELS[b] }))}
            allowDeselect={false}
            {...form.getInputProps('basis')}
          />
          <NumberInput label="Days" min={0} max={365} clampBehavior="none" {...form.getInputProps('days')} />
          <TextInput
            label="Currency"
            description="ISO code, e.g. AED"
            maxLength={3}
            {...form.getInputProps('currency')}
          />
        </SimpleGrid>
        <Text size="xs" c="gray.7">
          New payables of this supplier fall due by these terms; payables already raised keep their day.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A supplier's contact details, payment terms and currency, read and saved in one dialog. */
export function SupplierDetails({ supplier, onClose }: { supplier: string; onClose: () => void }) {
  const profile = useApi(getSupplierProfile, { supplier });
  if (!profile.data) return <Text size="sm">Loading supplier…</Text>;
  return <ProfileForm profile={profile.data} onClose={onClose} />;
}
