import { useEffect } from 'react';
import { useForm, type UseFormReturnType } from '@mantine/form';
import type { TSearchRequest } from '@tp/contracts/endpoints/flights';
import type { CityOption } from '#shared/city-autocomplete/CityAutocomplete.tsx';
import { cityNames } from './city-names.ts';
import {
  initialSearchValues,
  localDate,
  unnamedCodes,
  validateSearch,
  withCityName,
  type SearchFormValues,
} from './search-form.ts';

export type SearchFormType = UseFormReturnType<SearchFormValues>;

/**
 * The search form's state: the values of `initial` (or blank), checked by `validateSearch` on submit, with
 * city names looked up for codes restored without one. `setCity` sets a city field and remembers its name.
 */
export function useSearchForm(initial: TSearchRequest | null | undefined) {
  const form = useForm<SearchFormValues>({
    initialValues: initialSearchValues(initial, cityNames.get),
    validate: (v) => validateSearch(v, localDate()),
  });
  // Codes restored without a city name (a shared results link) show it once looked up.
  const unnamed = unnamedCodes(form.values).join();
  useEffect(() => {
    let live = true;
    for (const code of unnamed ? unnamed.split(',') : [])
      void cityNames.lookup(code).then((label) => {
        if (live && label) form.setValues(withCityName(form.getValues(), code, label));
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- form is stable; the codes are the input
  }, [unnamed]);
  const setCity = (path: string, c: CityOption | null) => {
    if (c) cityNames.remember(c);
    form.setFieldValue(path, c);
  };
  return { form, setCity };
}
