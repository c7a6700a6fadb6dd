import { Group, Select, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { phoneCountries } from '@tp/domain/phone';

// India first, excluded countries absent (spec 000 §5): the list comes from the domain package. Built on the
// first render, not when the module loads: screens that import a form holding it (a closed dialog) never pay.
let countryOptions: { value: string; label: string }[] | undefined;
const countryOptionsList = () =>
  (countryOptions ??= phoneCountries().map((c) => ({ value: c.code, label: `${c.name} (${c.dial_code})` })));

/**
 * A phone number with its country code select (searchable). Give it the form's input props of
 * both fields: `code={form.getInputProps('phoneCode')} number={form.getInputProps('phone')}`.
 */
export function PhoneInput({
  label,
  code,
  number,
  required,
  autoFocus,
}: {
  label: string;
  code: GetInputPropsReturnType;
  number: GetInputPropsReturnType;
  required?: boolean;
  /** In a dialog: focus the number, not the country select (which would open its list). */
  autoFocus?: boolean;
}) {
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Select
        {...code}
        label="Country code"
        aria-label={`${label} country code`}
        data={countryOptionsList()}
        searchable
        allowDeselect={false}
        required={required}
        w="45%"
        maxDropdownHeight={260}
        nothingFoundMessage="No country found"
      />
      <TextInput
        {...number}
        label={label}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        required={required}
        data-autofocus={autoFocus || undefined}
        style={{ flex: 1 }}
      />
    </Group>
  );
}
