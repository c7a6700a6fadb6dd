import { useState } from 'react';
import { TextInput } from '@mantine/core';
import type { CityValue } from './search-form.ts';

/**
 * Origin / destination field. The shared city autocomplete (web/src/shared/city-autocomplete, props
 * `{label, value, onChange, error?, autoFocus?}`) is being built alongside; until it is wired in, this
 * takes an airport or city code typed in full, with the same props so the swap is one import.
 */
export function CityField({
  label,
  value,
  onChange,
  error,
  autoFocus,
}: {
  label: string;
  value: CityValue | null;
  onChange: (v: CityValue | null) => void;
  error?: string | undefined;
  autoFocus?: boolean;
}) {
  const [text, setText] = useState(value?.value ?? '');
  // A value set from outside (prefill, the previous leg's destination) replaces the text; typing a
  // partial code reports null and must not wipe what is being typed.
  const [seen, setSeen] = useState(value?.value);
  if (value?.value !== seen) {
    setSeen(value?.value);
    if (value) setText(value.value);
  }
  return (
    <TextInput
      label={label}
      placeholder="City or airport code, e.g. DEL"
      value={text}
      error={error}
      autoFocus={autoFocus}
      maxLength={3}
      autoCapitalize="characters"
      onChange={(e) => {
        const code = e.currentTarget.value.toUpperCase().replace(/[^A-Z]/g, '');
        setText(code);
        onChange(code.length === 3 ? { value: code, label: code } : null);
      }}
    />
  );
}
