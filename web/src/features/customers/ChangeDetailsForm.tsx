import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import type { TCustomer } from '@tp/contracts/endpoints/customers';
import type { RequestOf } from '@tp/contracts/endpoint';
import { updateDetails } from '@tp/contracts/endpoints/customers';
import * as MSG from '@tp/contracts/messages';
import { PHONE_LABELS } from '@tp/contracts/endpoints/users';
import { INVALID_COUNTRY_CODE, isPhoneCountryAllowed, PREFERRED_PHONE_COUNTRY } from '@tp/domain/phone';
import { useAction } from '#api/action.ts';
import { PhoneInput } from '#shared/PhoneInput.tsx';
import { useCustomerCache } from './cache.ts';

type PhoneLabel = (typeof PHONE_LABELS)[number];
type PhoneField = { phoneNumber: string; phoneCountryCode: string };

export interface DetailsValues {
  firstName: string;
  lastName: string;
  email: string;
  panNumber: string;
  gstNumber: string;
  companyName: string;
  /** One number per label; a blank number is left out of the request. */
  phones: Record<PhoneLabel, PhoneField>;
}

type DetailsRequest = RequestOf<typeof updateDetails>;

function initialValues(c: TCustomer): DetailsValues {
  const phone = (label: PhoneLabel): PhoneField => {
    const p = c.phoneNumbers.find((x) => x.label === label);
    const code = p?.phoneCountryCode.toLowerCase() ?? PREFERRED_PHONE_COUNTRY;
    // A stored 'INVALID' (or an unknown) code shows as no choice: the staff member picks the country.
    return {
      phoneNumber: p?.phoneNumber ?? '',
      phoneCountryCode: code !== INVALID_COUNTRY_CODE.toLowerCase() && isPhoneCountryAllowed(code) ? code : '',
    };
  };
  return {
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    panNumber: c.panNumber,
    gstNumber: c.gstNumber,
    companyName: c.companyName,
    phones: { Primary: phone('Primary'), Secondary: phone('Secondary'), Emergency: phone('Emergency') },
  };
}

const filledLabels = (v: DetailsValues): PhoneLabel[] =>
  PHONE_LABELS.filter((l) => v.phones[l].phoneNumber.trim() !== '');

export function toRequest(c: TCustomer, v: DetailsValues): DetailsRequest {
  return {
    customerId: c.users_id,
    userType: c.userType,
    firstName: v.firstName,
    lastName: v.lastName,
    email: v.email,
    panNumber: v.panNumber,
    gstNumber: v.gstNumber,
    companyName: v.companyName,
    phoneNumbers: filledLabels(v).map((label) => ({
      label,
      phoneNumber: v.phones[label].phoneNumber.trim(),
      phoneCountryCode: v.phones[label].phoneCountryCode || INVALID_COUNTRY_CODE,
    })),
  };
}

/** A request path (`phoneNumbers.1.phoneNumber`, `email`; the schema's and the server's) as the form's. */
function formPath(path: string, labels: PhoneLabel[]): string {
  const [head, index, field = 'phoneNumber'] = path.split('.');
  const label =
    head === 'phoneNumbers' && index !== undefined && /^\d+$/.test(index) ? labels[Number(index)] : undefined;
  return label ? `phones.${label}.${field}` : path;
}

/** Change Details rules (spec 000 §5): the contract schema on the request, its errors on the form's fields. */
export function detailsErrors(c: TCustomer, v: DetailsValues): FormErrors {
  const labels = filledLabels(v);
  const errors = schemaResolver(updateDetails.request, { sync: true })(toRequest(c, v));
  const onForm: FormErrors = {};
  for (const [path, message] of Object.entries(errors)) onForm[formPath(path, labels)] ??= message;
  return onForm;
}

const FIELD_PATHS = new Set([
  'firstName',
  'lastName',
  'email',
  'panNumber',
  'gstNumber',
  'companyName',
  ...PHONE_LABELS.flatMap((l) => [`phones.${l}.phoneNumber`, `phones.${l}.phoneCountryCode`]),
]);

/**
 * Change Details: names, phones, email, PAN, GST and company. Errors show as soon as a value changes
 * and the submit button stays disabled while any remain; server field errors land on the fields.
 */
export function ChangeDetailsForm({
  customer,
  onDone,
  onCancel,
}: {
  customer: TCustomer;
  onDone: (updated: TCustomer) => void;
  onCancel: () => void;
}) {
  const cache = useCustomerCache();
  const form: UseFormReturnType<DetailsValues> = useForm<DetailsValues>({
    initialValues: initialValues(customer),
    validate: (values) => detailsErrors(customer, values),
    onValuesChange: (values) => form.setErrors(detailsErrors(customer, values)),
  });
  const errorCount = Object.keys(form.errors).length;
  const otherErrors = Object.entries(form.errors).filter(([path]) => !FIELD_PATHS.has(path));

  const save = useAction(updateDetails, {
    success: MSG.settingSaved,
    form,
    // The server names phones by index; the form by label.
    field: (field) => formPath(field, filledLabels(form.values)),
    onSuccess: (updated) => {
      cache.replace(updated);
      onDone(updated);
    },
  });
  const submit = form.onSubmit((values) => void save.run(toRequest(customer, values)));

  const isAgent = customer.userType === 'travelAgent';
  return (
    <form onSubmit={submit} noValidate aria-label="Change Details">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="First name"
            required
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('firstName')}
          />
          <TextInput label="Last name" autoComplete="off" {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput label="Company name" required={isAgent} autoComplete="off" {...form.getInputProps('companyName')} />
        <TextInput label="Email" type="email" autoComplete="off" {...form.getInputProps('email')} />
        {PHONE_LABELS.map((label) => (
          <PhoneInput
            key={label}
            label={`${label} phone`}
            code={form.getInputProps(`phones.${label}.phoneCountryCode`)}
            number={form.getInputProps(`phones.${label}.phoneNumber`)}
          />
        ))}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="PAN" autoComplete="off" {...form.getInputProps('panNumber')} />
          <TextInput label="GST number" autoComplete="off" {...form.getInputProps('gstNumber')} />
        </SimpleGrid>
        {otherErrors.map(([path, message]) => (
          <Text key={path} c="red" size="sm" role="alert">
            {message}
          </Text>
        ))}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={save.busy} disabled={errorCount > 0}>
            Save details
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
