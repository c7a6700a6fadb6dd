import { Button, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { createAgent, QUICK_CREATE_TYPES, type TCustomer, ZCreateAgent } from '@tp/contracts/endpoints/customers';
import type { RequestOf } from '@tp/contracts/endpoint';
import * as MSG from '@tp/contracts/messages';
import { PREFERRED_PHONE_COUNTRY } from '@tp/domain/phone';
import { useAction } from '#api/action.ts';
import { PhoneInput } from '#shared/PhoneInput.tsx';
import { useCustomerCache } from './cache.ts';

type AgentValues = RequestOf<typeof createAgent>;
type QuickType = (typeof QUICK_CREATE_TYPES)[number];

const TYPE_OPTIONS: { value: QuickType; label: string }[] = [
  { value: 'travelAgent', label: 'B2B (Travel Agent)' },
  { value: 'retail', label: 'B2C (Retail)' },
];

const blank = (): AgentValues => ({
  userData: {
    userType: 'travelAgent',
    customer: {
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      phoneCode: PREFERRED_PHONE_COUNTRY,
      companyName: '',
    },
  },
});

/**
 * Agent quick create (spec 000 §5): a B2B or B2C user known by a phone or an email, India first in the
 * phone input. The contract schema gives the messages; the server's `shortError` uses the same paths.
 */
export function CreateAgentForm({ onCreated }: { onCreated?: (customer: TCustomer) => void }) {
  const cache = useCustomerCache();
  const form = useForm<AgentValues>({
    initialValues: blank(),
    validate: schemaResolver(ZCreateAgent, { sync: true }),
  });
  const userType = form.values.userData.userType;

  const create = useAction(createAgent, {
    success: MSG.agentCreated,
    form,
    onSuccess: (created) => {
      form.setValues(blank());
      form.resetDirty();
      cache.refresh();
      onCreated?.(created);
    },
  });
  const submit = form.onSubmit((values) => void create.run(values));

  return (
    <form onSubmit={submit} noValidate aria-label="Create agent">
      <Stack gap="sm">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="agent-type-label">
            Agent type
          </Text>
          <SegmentedControl
            aria-labelledby="agent-type-label"
            data={TYPE_OPTIONS}
            value={userType}
            onChange={(v) => form.setFieldValue('userData.userType', v as QuickType)}
            fullWidth
          />
        </Stack>
        {userType === 'travelAgent' && (
          <TextInput
            label="Company name"
            required
            autoComplete="organization"
            {...form.getInputProps('userData.customer.companyName')}
          />
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="First name"
            required
            autoComplete="off"
            {...form.getInputProps('userData.customer.firstName')}
          />
          <TextInput label="Last name" autoComplete="off" {...form.getInputProps('userData.customer.lastName')} />
        </SimpleGrid>
        <TextInput label="Email" type="email" autoComplete="off" {...form.getInputProps('userData.customer.email')} />
        <PhoneInput
          label="Phone"
          code={form.getInputProps('userData.customer.phoneCode')}
          number={form.getInputProps('userData.customer.phone')}
        />
        <Text size="xs" c="dimmed">
          Give a phone number or an email. With an email, the new user gets a link to set a password.
        </Text>
        <Button type="submit" loading={create.busy}>
          Create agent
        </Button>
      </Stack>
    </form>
  );
}
