import {
  Anchor,
  Button,
  Group,
  PasswordInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
import { Link, useNavigate } from 'react-router-dom';
import { GENDER, signup, type TSignup, ZAgentSignup, ZRetailSignup } from '@tp/contracts/endpoints/users';
import { phoneCountries, PREFERRED_PHONE_COUNTRY } from '@tp/domain/phone';
import { useAction } from '#api/action.ts';
import { brandName, useSite } from '#shared/site.tsx';
import { FormCard } from '#shared/FormCard.tsx';
import { PhoneInput } from '#shared/PhoneInput.tsx';

// Gender starts unset, so the form holds null until a choice is made (the schema then says it is required).
type RetailValues = Omit<Extract<TSignup, { userType: 'retail' }>, 'gender'> & {
  gender: (typeof GENDER)[keyof typeof GENDER] | null;
};
type AgentValues = Extract<TSignup, { userType: 'travelAgent' }>;

const COUNTRIES = phoneCountries().map((c) => c.name);
const DEFAULT_COUNTRY = phoneCountries().find((c) => c.code === PREFERRED_PHONE_COUNTRY)?.name ?? '';

/** Submits either tab's values; server field errors land on the fields, the catalogue toasts the message. */
function useSignupSubmit<T extends RetailValues | AgentValues>(form: UseFormReturnType<T>) {
  const navigate = useNavigate();
  const register = useAction(signup, { form, onSuccess: () => navigate('/signup_success') });
  const onSubmit = form.onSubmit((values) => void register.run(values as TSignup));
  return { onSubmit, busy: register.busy };
}

function RetailSignupForm() {
  const form = useForm<RetailValues>({
    initialValues: {
      userType: 'retail',
      gender: null,
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      phoneCode: PREFERRED_PHONE_COUNTRY,
      password: '',
    },
    validate: schemaResolver(ZRetailSignup, { sync: true }),
  });
  const { onSubmit, busy } = useSignupSubmit(form);
  const gender = form.getInputProps('gender');
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Retail registration">
      <Stack gap="sm">
        <Radio.Group
          label="Gender"
          required
          value={form.values.gender === null ? '' : String(form.values.gender)}
          onChange={(v) => form.setFieldValue('gender', Number(v) as RetailValues['gender'])}
          error={gender.error}
        >
          <Group mt={4}>
            {Object.entries(GENDER).map(([label, value]) => (
              <Radio key={value} value={String(value)} label={label} />
            ))}
          </Group>
        </Radio.Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="First name" autoComplete="given-name" required {...form.getInputProps('firstName')} />
          <TextInput label="Last name" autoComplete="family-name" required {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
        <PhoneInput
          label="Phone"
          required
          code={form.getInputProps('phoneCode')}
          number={form.getInputProps('phone')}
        />
        <PasswordInput label="Password" autoComplete="new-password" required {...form.getInputProps('password')} />
        <Button type="submit" loading={busy} fullWidth>
          Create account
        </Button>
      </Stack>
    </form>
  );
}

function AgentSignupForm() {
  const form = useForm<AgentValues>({
    initialValues: {
      userType: 'travelAgent',
      companyName: '',
      primaryEmail: '',
      primaryPhone: '',
      primaryPhoneCode: PREFERRED_PHONE_COUNTRY,
      secondaryPhone: '',
      secondaryPhoneCode: PREFERRED_PHONE_COUNTRY,
      firstName: '',
      lastName: '',
      country: DEFAULT_COUNTRY,
      state: '',
      city: '',
      pincode: '',
      address1: '',
      address2: '',
      password: '',
    },
    validate: schemaResolver(ZAgentSignup, { sync: true }),
  });
  const { onSubmit, busy } = useSignupSubmit(form);
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Travel agent registration">
      <Stack gap="sm">
        <TextInput label="Company name" autoComplete="organization" required {...form.getInputProps('companyName')} />
        <TextInput
          label="Primary email"
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('primaryEmail')}
        />
        <PhoneInput
          label="Primary phone"
          required
          code={form.getInputProps('primaryPhoneCode')}
          number={form.getInputProps('primaryPhone')}
        />
        <PhoneInput
          label="Secondary phone"
          required
          code={form.getInputProps('secondaryPhoneCode')}
          number={form.getInputProps('secondaryPhone')}
        />
        <Text fw={600} size="sm" mt="xs">
          Concerned person
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="First name" autoComplete="given-name" required {...form.getInputProps('firstName')} />
          <TextInput label="Last name" autoComplete="family-name" {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <Text fw={600} size="sm" mt="xs">
          Address
        </Text>
        <Select
          label="Country"
          data={COUNTRIES}
          searchable
          allowDeselect={false}
          required
          {...form.getInputProps('country')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="State" autoComplete="address-level1" required {...form.getInputProps('state')} />
          <TextInput label="City" autoComplete="address-level2" required {...form.getInputProps('city')} />
        </SimpleGrid>
        <TextInput
          label="Pincode"
          autoComplete="postal-code"
          inputMode="numeric"
          required
          {...form.getInputProps('pincode')}
        />
        <TextInput label="Address line 1" autoComplete="address-line1" required {...form.getInputProps('address1')} />
        <TextInput label="Address line 2" autoComplete="address-line2" {...form.getInputProps('address2')} />
        <PasswordInput label="Password" autoComplete="new-password" required {...form.getInputProps('password')} />
        <Button type="submit" loading={busy} fullWidth>
          Register agency
        </Button>
      </Stack>
    </form>
  );
}

/** Registration with Retail and Travel Agent tabs (spec 000 §5), validated with the contract's own schemas. */
export default function SignupPage() {
  const site = useSite();
  return (
    <FormCard title={`Sign up with ${brandName(site)}`} width={620}>
      <Tabs defaultValue="retail" keepMounted={false}>
        <Tabs.List grow mb="md">
          <Tabs.Tab value="retail">Retail</Tabs.Tab>
          <Tabs.Tab value="agent">Travel Agent</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="retail">
          <RetailSignupForm />
        </Tabs.Panel>
        <Tabs.Panel value="agent">
          <AgentSignupForm />
        </Tabs.Panel>
      </Tabs>
      <Text size="sm" ta="center">
        Already have an account?{' '}
        <Anchor component={Link} to="/login">
          Login
        </Anchor>
      </Text>
    </FormCard>
  );
}
