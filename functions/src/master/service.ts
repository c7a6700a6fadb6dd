/**
 * Reference data for forms and autocompletes. Everything is static and in memory (bundled from
 * @tp/reference-data): no table is read, and nothing differs between sites.
 */
import type { CityOption, TAirlineStatic, TCity, TCountry, TNationality, TState } from '@tp/contracts/endpoints/master';
import { AIRPORT_SEARCH_LIMIT, CITY_SEARCH_LIMIT } from '@tp/contracts/endpoints/master';
import * as MSG from '@tp/contracts/messages';
import { airlineByCode, allAirlines, type Airline } from '@tp/reference-data/airlines';
import { searchAirports, type Airport } from '@tp/reference-data/airports';
import { COUNTRIES, countryByCode } from '@tp/reference-data/countries';
import { cityById, citiesOf, searchCities, stateByCode, statesOf, type City } from '@tp/reference-data/geo';
import { fail } from '#lib/errors';
import * as api from '@tp/contracts/endpoints/master';
import { answers } from '#lib/answers';

export function toCityOption(a: Airport): CityOption {
  return {
    id: a.code,
    city: a.cityName,
    country: a.countryName,
    countryCode: a.countryCode,
    cityCode: a.cityCode,
    label: `${a.cityName} (${a.code})`,
    subTitle: `${a.name}, ${a.countryName}`,
    value: a.code,
  };
}

export function airportOptions(search: string): CityOption[] {
  return searchAirports(search, AIRPORT_SEARCH_LIMIT).map(toCityOption);
}

export function countries(): TCountry[] {
  return COUNTRIES.map(({ name, dial_code, code }) => ({ name, dial_code, code }));
}

export function nationalities(): TNationality[] {
  return COUNTRIES.map(({ code, name }) => ({ code, name }));
}

const toAirlineStatic = (a: Airline): TAirlineStatic => ({
  airlineName: a.name,
  airlineCode: a.code,
  logoUrl: a.logoUrl,
});

/** All airlines, or the known ones among `codes` in the order asked (unknown codes are skipped). */
export function airlines(codes?: string[]): TAirlineStatic[] {
  if (!codes) return allAirlines().map(toAirlineStatic);
  return [...new Set(codes)].flatMap((c) => {
    const a = airlineByCode(c);
    return a ? [toAirlineStatic(a)] : [];
  });
}

function knownCountry(countryCode: string): string {
  if (!countryByCode(countryCode)) throw fail.validation(MSG.unknownCountry, { countryCode: MSG.unknownCountry });
  return countryCode;
}

export function states(countryCode: string): TState[] {
  return statesOf(knownCountry(countryCode));
}

const toCity = (c: City): TCity => ({
  id: c.id,
  city: c.name,
  state: c.stateName,
  stateCode: c.stateCode,
  country: c.countryName,
  countryCode: c.countryCode,
});

export function cities(countryCode: string, stateCode: string): TCity[] {
  if (!stateByCode(knownCountry(countryCode), stateCode))
    throw fail.validation(MSG.unknownState, { stateCode: MSG.unknownState });
  return citiesOf(countryCode, stateCode).map(toCity);
}

/** By id wins when both are sent: it names exactly one city. An unknown id is an empty list. */
export function dbCities(input: { city?: string | undefined; cityId?: number | undefined }): TCity[] {
  if (input.cityId !== undefined) {
    const c = cityById(input.cityId);
    return c ? [toCity(c)] : [];
  }
  return searchCities(input.city ?? '', CITY_SEARCH_LIMIT).map(toCity);
}

// The master Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerGetAirports = answers(api.getAirports, (input) => airportOptions(input.search));
export const answerGetCountryList = answers(api.getCountryList, () => countries());
export const answerGetPhoneCodeList = answers(api.getPhoneCodeList, () => countries());
export const answerGetNationalities = answers(api.getNationalities, () => nationalities());
export const answerGetAirlinesStaticData = answers(api.getAirlinesStaticData, (input) => airlines(input.airlineCodes));
export const answerGetCountries = answers(api.getCountries, () => countries());
export const answerGetStates = answers(api.getStates, (input) => states(input.countryCode));
export const answerGetCities = answers(api.getCities, (input) => cities(input.countryCode, input.stateCode));
export const answerGetDbCities = answers(api.getDbCities, (input) => dbCities(input));
