import { Button, NumberInput, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  ENQUIRY_MSG,
  MAX_ENQUIRY_PAX,
  submitEnquiry,
  ZEnquiryInput,
  type TEnquiryInput,
} from '@tp/contracts/endpoints/enquiries';
import type { EnquiryKind } from '@tp/domain/enquiries';
import { FIELD_LIMITS } from '@tp/contracts/fields';
import { hasValidCountryCode, PREFERRED_PHONE_COUNTRY } from '@tp/domain/phone';
import { useAction } from '#api/action.ts';
import { isoDay } from '#shared/format.ts';
import { DateField, FIELD_MIN_WIDTH } from '#shared/DateField.tsx';
import { PhoneInput } from '#shared/PhoneInput.tsx';
import { useUser } from '#lib/state.ts';

export interface EnquiryFormProps {
  kind: EnquiryKind;
  /** The package's or visa category's id (absent for a general enquiry). */
  subjectId?: string;
  /** What the enquiry is about, as the page shows it; sent with the enquiry and shown to staff. */
  subjectTitle: string;
  onSubmitted: (enquiryId: string) => void;
}

/** What the visitor types; the rest of the request (kind, subject) comes from the page. */
type Values = Pick<TEnquiryInput, 'name' | 'email' | 'phone' | 'phoneCode' | 'travelDate' | 'message'> & {
  adults: number | string;
  children: number | string;
};

/**
 * The enquiry form of the package and visa pages (and of a customer's CRM page): validated with the contract's own
 * schema (the server says the same messages), prefilled from the signed-in user, the server's field errors on
 * the fields. Travel details are optional: a visitor may not know them yet.
 */
export function EnquiryForm({ kind, subjectId, subjectTitle, onSubmitted }: EnquiryFormProps) {
  const user = useUser();
  const primary = user?.phoneNumbers.find((p) => p.label === 'Primary');
  // A long package name is cut to the field's limit: the visitor has no field to fix it in.
  const request = (v: Values) => ({ ...v, kind, subjectId, subjectTitle: subjectTitle.slice(0, FIELD_LIMITS.short) });
  const resolver = schemaResolver(ZEnquiryInput, { sync: true });
  const form = useForm<Values>({
    initialValues: {
      name: user ? [user.firstName, user.lastName].filter(Boolean).join(' ') : '',
      email: user?.email ?? '',
      phone: primary?.phoneNumber ?? '',
      phoneCode:
        primary && hasValidCountryCode(primary.phoneCountryCode) ? primary.phoneCountryCode : PREFERRED_PHONE_COUNTRY,
      travelDate: '',
      adults: '',
      children: '',
      message: '',
    },
    // One schema speaks for the form and the call: the request the values make is what is validated.
    validate: (values) => resolver(request(values)),
  });
  const send = useAction(submitEnquiry, {
    form,
    success: ENQUIRY_MSG.submitted,
    onSuccess: ({ enquiryId }) => {
      form.reset();
      onSubmitted(enquiryId);
    },
  });
  const submit = form.onSubmit((values) => void send.run(request(values) as TEnquiryInput));
  const count = (field: 'adults' | 'children', label: string, min: number) => (
    <NumberInput
      label={label}
      min={min}
      max={MAX_ENQUIRY_PAX}
      allowDecimal={false}
      clampBehavior="none"
      {...form.getInputProps(field)}
    />
  );

  return (
    <form onSubmit={submit} noValidate aria-label={`Enquiry about ${subjectTitle}`}>
      <Stack gap="sm">
        <TextInput label="Your name" autoComplete="name" required {...form.getInputProps('name')} />
        <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
        <PhoneInput
          label="Phone"
          required
          code={form.getInputProps('phoneCode')}
          number={form.getInputProps('phone')}
        />
        {/* As many columns as fit at a date's width: a narrow side panel never truncates the date. */}
        <SimpleGrid minColWidth={FIELD_MIN_WIDTH} spacing="sm">
          <DateField label="Travel date" minDate={isoDay(new Date())} clearable {...form.getInputProps('travelDate')} />
          {count('adults', 'Adults', 1)}
          {count('children', 'Children', 0)}
        </SimpleGrid>
        <Textarea
          label="Message"
          required
          rows={4}
          placeholder="What would you like to know?"
          {...form.getInputProps('message')}
        />
        <Button type="submit" loading={send.busy} style={{ alignSelf: 'flex-start' }}>
          Send enquiry
        </Button>
      </Stack>
    </form>
  );
}
