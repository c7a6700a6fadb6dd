import { useEffect, useState, type KeyboardEvent } from 'react';
import { Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { getAirports } from '@tp/contracts/endpoints/master';
import type { CityOption } from '@tp/contracts/endpoints/master';
import * as MSG from '@tp/contracts/messages';
import { TIMING } from '@tp/contracts/platform';
import { useApi } from '#api/hooks.ts';
import css from './CityAutocomplete.module.css';

export type { CityOption };
/**
 * What the field holds: the code a call takes and the text it shows. A picked option is one; a value
 * restored from elsewhere (a search URL, the last search) may carry only these two.
 */
export type CityChoice = Pick<CityOption, 'value' | 'label'>;

export interface CityAutocompleteProps {
  label: string;
  value: CityChoice | null;
  onChange(v: CityOption | null): void;
  error?: string | undefined;
  autoFocus?: boolean | undefined;
}

/**
 * City / airport field (spec 000 "city search autocomplete"): searches api/getAirports 500 ms after
 * typing stops, lists options as "name (code)" with the airport below, arrows and Enter pick, and
 * Tab takes the highlighted option, or the first one, before moving on.
 */
export function CityAutocomplete({ label, value, onChange, error, autoFocus }: CityAutocompleteProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState(value?.label ?? '');
  // A value set from outside (swap origin and destination, a restored search) shows its label; a
  // value cleared from outside (form reset) clears the text, unless the user is typing over it.
  // Adjusted during render (not in an effect) so the field never shows a stale label.
  const valueLabel = value?.label ?? '';
  const [shownLabel, setShownLabel] = useState(valueLabel);
  if (shownLabel !== valueLabel) {
    setShownLabel(valueLabel);
    setText(value ? valueLabel : text === shownLabel ? '' : text);
  }

  const typed = text.trim();
  const [query] = useDebouncedValue(typed, TIMING.searchDebounceMs);
  /** Text to look up: something typed that is not the chosen city's own label. */
  const lookup = (t: string) => t !== '' && t !== value?.label;
  const wanted = lookup(query);
  const {
    data,
    isLoading,
    error: loadError,
  } = useApi(getAirports, wanted ? { search: query } : null, {
    // A failed lookup shows in the list, not as a toast on every keystroke.
    call: { handling: 'navigation' },
  });
  const typing = typed !== query;
  const loading = lookup(typed) && (typing || isLoading);
  const options = wanted && !typing ? (data ?? []) : [];

  const pick = (option: CityOption) => {
    setText(option.label);
    onChange(option);
    combobox.closeDropdown();
  };

  // Once the debounced results for what is typed arrive, highlight the first for Enter / Tab.
  useEffect(() => {
    if (options.length > 0 && combobox.dropdownOpened) combobox.selectFirstOption();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, typing]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Tab' || e.shiftKey || !combobox.dropdownOpened || options.length === 0) return;
    // Tab keeps its default (focus moves on) and takes the highlighted option, or the first.
    const index = combobox.getSelectedOptionIndex();
    pick(options[index >= 0 && index < options.length ? index : 0]!);
  };

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        const option = options.find((o) => o.id === id);
        if (option) pick(option);
      }}
      transitionProps={{ duration: 0 }}
      // As wide as its options need within the bounds of the module css, not the field's width: a phone's
      // narrow From / To would break the airport names inside words. Not `target`, so it shifts into the screen.
      width="max-content"
      classNames={{ dropdown: css.dropdown, option: css.option }}
      // Mounted when it opens: a closed dropdown kept mounted is placed by floating-ui in the first commit, a
      // forced layout and a synchronous re-render per field in the search screen's longest task.
      keepMounted={false}
    >
      <Combobox.Target>
        <TextInput
          label={label}
          placeholder="City or airport"
          value={text}
          error={error}
          autoFocus={autoFocus}
          autoComplete="off"
          rightSection={loading ? <Loader size="xs" aria-label="Searching" /> : null}
          onChange={(e) => {
            setText(e.currentTarget.value);
            if (value) onChange(null);
            combobox.openDropdown();
          }}
          onFocus={() => text.trim() && combobox.openDropdown()}
          onBlur={() => {
            combobox.closeDropdown();
            // Leaving the field without picking restores the chosen city's label.
            if (value) setText(value.label);
          }}
          onKeyDown={onKeyDown}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!lookup(typed)}>
        <Combobox.Options aria-label={`${label} options`}>
          {options.map((o) => (
            <Combobox.Option value={o.id} key={o.id}>
              <Text size="sm">{o.label}</Text>
              <Text size="xs" c="dimmed">
                {o.subTitle}
              </Text>
            </Combobox.Option>
          ))}
          {loading && options.length === 0 && <Combobox.Empty>Searching…</Combobox.Empty>}
          {!loading && loadError && <Combobox.Empty>{MSG.somethingWentWrong}</Combobox.Empty>}
          {!loading && !loadError && data && options.length === 0 && <Combobox.Empty>{MSG.noResults}</Combobox.Empty>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
