import { useState } from 'react';
import { DateInput, type DateInputProps } from '@mantine/dates';
// The pickers' styles travel with the screens that have a date field, not with the first paint.
import '@mantine/dates/styles.css';
import * as MSG from '@tp/contracts/messages';
import { DATE_INPUT_FORMAT, parseDateInput } from '#shared/format.ts';

const ARIA_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
};

/**
 * The narrowest a date field may be and still show `dd/mm/yyyy` (or a typed day) whole next to its clear
 * button: layouts that put date fields side by side use it as their column's minimum.
 */
export const FIELD_MIN_WIDTH = '9rem';

export interface DateFieldProps extends Omit<
  DateInputProps,
  'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser' | 'minDate' | 'maxDate'
> {
  /** ISO `yyyy-mm-dd` as the API takes it; empty (or absent, as `getInputProps` types it) for none. */
  value?: string | undefined;
  /** Called with ISO `yyyy-mm-dd`, or '' when cleared. */
  onChange: (iso: string) => void;
  /** Earliest / latest day that can be typed or picked (ISO); empty or absent for no limit. */
  minDate?: string | undefined;
  maxDate?: string | undefined;
}

/**
 * Every date input of the app: a `@mantine/dates` picker that shows and reads `dd/mm/yyyy` (typed or
 * picked from the calendar) while the form and the API keep ISO `yyyy-mm-dd`. This is the one place
 * where the two meet, so the conversion happens once. Works with `form.getInputProps(path)`.
 *
 * A day typed that is no day (31/02/2027, 12/2027) stays in the field with the spec's "Invalid date format", rather
 * than the field silently going back to what it held (the form's value stays the last real day until one is typed:
 * clearing it would clear the text too).
 */
export function DateField({
  value,
  onChange,
  minDate,
  maxDate,
  popoverProps,
  onBlur,
  onInput,
  ...rest
}: DateFieldProps) {
  const [open, setOpen] = useState(false);
  // What was typed last, and whether the field was left holding text that is no date.
  const [typed, setTyped] = useState('');
  const [invalid, setInvalid] = useState(false);
  const unparseable = (text: string) => text.trim() !== '' && parseDateInput(text) === null;
  return (
    <DateInput
      // Escape closes the open calendar only, not the dialog around the field (docs/decisions.md "Dialogs"):
      // Mantine's Modal and Drawer leave an Escape to a field marked so, as its own selects mark theirs.
      data-mantine-stop-propagation={open || undefined}
      popoverProps={{
        ...popoverProps,
        onOpen: () => {
          setOpen(true);
          popoverProps?.onOpen?.();
        },
        onClose: () => {
          setOpen(false);
          popoverProps?.onClose?.();
        },
      }}
      placeholder="dd/mm/yyyy"
      valueFormat={DATE_INPUT_FORMAT}
      dateParser={parseDateInput}
      value={value || null}
      onChange={(iso) => onChange(iso ?? '')}
      minDate={minDate || undefined}
      maxDate={maxDate || undefined}
      // The calendar's arrow buttons have no text of their own: name them for screen readers (axe).
      ariaLabels={ARIA_LABELS}
      // A clearable field's ✕ is a button too: it says what it clears.
      clearButtonProps={{ 'aria-label': typeof rest.label === 'string' ? `Clear ${rest.label}` : 'Clear date' }}
      // Text that is no date stays for the user to correct; a real day outside the limits goes back as before.
      fixOnBlur={!unparseable(typed)}
      onInput={(e) => {
        setTyped(e.currentTarget.value);
        setInvalid(false);
        onInput?.(e);
      }}
      onBlur={(e) => {
        setInvalid(unparseable(e.currentTarget.value));
        onBlur?.(e);
      }}
      {...rest}
      error={invalid ? MSG.invalidDate : rest.error}
    />
  );
}
