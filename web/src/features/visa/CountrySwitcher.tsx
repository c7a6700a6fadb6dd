import { Select } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { getVisaCountries, type TVisaCountry } from '@tp/contracts/endpoints/visa';
import { useApi } from '#api/hooks.ts';
import { countryPath } from './links.ts';

/** Destinations a visitor can open: those with at least one visa category. */
export const openCountries = (all: TVisaCountry[]): TVisaCountry[] => all.filter((c) => c.categoryCount > 0);

/** Jumps to another destination's visa categories. */
export function CountrySwitcher({ current }: { current: string | null }) {
  const navigate = useNavigate();
  const countries = useApi(getVisaCountries, {}, { call: { handling: 'navigation' } });
  const options = openCountries(countries.data ?? []).map((c) => ({ value: c._id, label: c.countryName }));
  return (
    <Select
      label="Destination"
      placeholder={countries.data ? 'Choose a country' : 'Loading countries…'}
      data={options}
      value={options.some((o) => o.value === current) ? current : null}
      onChange={(id) => id && id !== current && navigate(countryPath(id))}
      searchable
      nothingFoundMessage="No such destination"
      allowDeselect={false}
      w={{ base: '100%', xs: 280 }}
    />
  );
}
