/**
 * Reference data shapes (spec 000 §6 "Country entry", "City option"; §7 master calls).
 * The data itself lives in @tp/reference-data; these are the wire shapes.
 */
import * as z from 'zod/mini';
import { endpoint, type Endpoint } from '../endpoint.ts';
import { zEmpty } from '../common.ts';
import { lazy } from '../lazy.ts';
import * as MSG from '../messages.ts';
import { hasUnsafeCharacters, zShortText } from '../fields.ts';

/** Country entry: name, dial_code ("+91"), code (ISO 3166-1 alpha-2). */
export const ZCountry = lazy(() => z.object({ name: z.string(), dial_code: z.string(), code: z.string() }));
export type TCountry = z.infer<typeof ZCountry>;

/** A nationality is a country: `code` is what documents store (IN), `name` what forms show. */
export const ZNationality = lazy(() => z.object({ code: z.string(), name: z.string() }));
export type TNationality = z.infer<typeof ZNationality>;

/**
 * One option of the city / airport autocomplete: one per airport (a multi-airport city gives one
 * option per airport, the airport name in `subTitle` tells them apart).
 * - id, value: the airport code a flight search takes (BOM);
 * - city / country: names (Mumbai / India); countryCode: ISO alpha-2 (IN), for domestic vs international;
 * - cityCode: the metropolitan code (BOM; LON for Heathrow);
 * - label: "name then code" as the spec asks: `Mumbai (BOM)`;
 * - subTitle: `<airport name>, <country>`.
 */
export const ZCityOption = lazy(() =>
  z.object({
    id: z.string(),
    city: z.string(),
    country: z.string(),
    countryCode: z.string(),
    cityCode: z.string(),
    label: z.string(),
    subTitle: z.string(),
    value: z.string(),
  }),
);
export type CityOption = z.infer<typeof ZCityOption>;

/** Options the autocomplete shows at most. */
export const AIRPORT_SEARCH_LIMIT = 10;
/** Longest search text accepted (a long airport name fits). */
export const SEARCH_TEXT_MAX = 60;

export const ZAirportSearch = lazy(() => z.object({ search: zShortText({ max: SEARCH_TEXT_MAX }) }));

export const ZAirlineStatic = lazy(() =>
  z.object({ airlineName: z.string(), airlineCode: z.string(), logoUrl: z.string() }),
);
export type TAirlineStatic = z.infer<typeof ZAirlineStatic>;

/** Optionally only some airlines (the result screen needs the logos of the carriers it shows). */
export const ZAirlinesRequest = lazy(() =>
  z.object({
    airlineCodes: z.optional(
      z
        .array(
          z
            .string()
            .check(z.trim())
            .check(z.toUpperCase())
            .check(z.regex(/^[A-Z0-9]{2}$/, 'Airline codes are two letters or digits')),
        )
        .check(z.maxLength(200)),
    ),
  }),
);

export const ZState = lazy(() => z.object({ code: z.string(), name: z.string(), countryCode: z.string() }));
export type TState = z.infer<typeof ZState>;

/** A city of the city table (api_cities, dbCities). `city` and `country` are names, as the spec lists. */
export const ZCity = lazy(() =>
  z.object({
    id: z.number().check(z.int()),
    city: z.string(),
    state: z.string(),
    stateCode: z.string(),
    country: z.string(),
    countryCode: z.string(),
  }),
);
export type TCity = z.infer<typeof ZCity>;

const zCountryCode = () =>
  z
    .string({ error: MSG.required })
    .check(z.trim())
    .check(z.toUpperCase())
    .check(z.minLength(1, MSG.required))
    .check(z.regex(/^[A-Z]{2}$/, MSG.unknownCountry));
const zStateCode = () =>
  z
    .string({ error: MSG.required })
    .check(z.trim())
    .check(z.toUpperCase())
    .check(z.minLength(1, MSG.required))
    .check(z.regex(/^[A-Z0-9]{1,3}$/, MSG.unknownState));

export const ZStatesRequest = lazy(() => z.object({ countryCode: zCountryCode() }));
export const ZCitiesRequest = lazy(() => z.object({ countryCode: zCountryCode(), stateCode: zStateCode() }));

/** Cities a name search answers at most. */
export const CITY_SEARCH_LIMIT = 20;

/** dbCities: `city` searches by name prefix (2+ characters), `cityId` reads one city. */
export const ZDbCitiesRequest = lazy(() =>
  z
    .object({
      city: z.optional(
        z
          .string()
          .check(z.trim())
          .check(z.minLength(2, 'Type at least 2 characters'))
          .check(z.maxLength(SEARCH_TEXT_MAX, MSG.tooLong(SEARCH_TEXT_MAX)))
          .check(z.refine((s) => !hasUnsafeCharacters(s), MSG.invalidCharacters)),
      ),
      cityId: z.optional(
        z.pipe(
          z.pipe(
            z.union([z.number(), z.string().check(z.trim()).check(z.minLength(1)).check(z.maxLength(32))]),
            z.transform((v) => Number(v)),
          ),
          z.number({ error: 'cityId must be a number' }).check(z.int('cityId must be a number')).check(z.minimum(0)),
        ),
      ),
    })
    .check(
      z.refine((r) => r.city !== undefined || r.cityId !== undefined, {
        message: MSG.cityOrCityIdRequired,
        path: ['city'],
      }),
    ),
);

// Reference data (spec 000 §7 "master-data calls"). All public: the data is the same for every site
// and holds nothing of a tenant, and the sign-up form (states, cities) is shown before login. The
// site is still resolved from the request like any public call.

export const getAirports = endpoint({
  id: 'master.getAirports',
  api: 'flight',
  method: 'POST',
  path: 'api/getAirports',
  domain: 'master',
  auth: 'public',
  request: ZAirportSearch,
  response: lazy(() => z.array(ZCityOption)),
  summary:
    'City / airport autocomplete: exact airport code first, then airports of a city code, city name and airport name prefixes.',
});

export const getCountryList = endpoint({
  id: 'master.getCountryList',
  api: 'flight',
  method: 'GET',
  path: 'api/getCountryList',
  domain: 'master',
  auth: 'public',
  request: zEmpty,
  response: lazy(() => z.array(ZCountry)),
  summary: 'Every country (name, dial_code, code), India first, then by name.',
});

export const getPhoneCodeList = endpoint({
  id: 'master.getPhoneCodeList',
  api: 'flight',
  method: 'GET',
  path: 'api/getPhoneCodeList',
  domain: 'master',
  auth: 'public',
  request: zEmpty,
  response: lazy(() => z.array(ZCountry)),
  summary: 'Dial codes of every country, India first (the agent quick-create exclusions do not apply here).',
});

export const getNationalities = endpoint({
  id: 'master.getNationalities',
  api: 'flight',
  method: 'GET',
  path: 'api/getNationalities',
  domain: 'master',
  auth: 'public',
  request: zEmpty,
  response: lazy(() => z.array(ZNationality)),
  summary: 'Nationalities as country code and name, India first.',
});

export const getAirlinesStaticData = endpoint({
  id: 'master.getAirlinesStaticData',
  api: 'site',
  method: 'POST',
  path: 'master/getAirlinesStaticData',
  domain: 'master',
  auth: 'public',
  request: ZAirlinesRequest,
  response: lazy(() => z.array(ZAirlineStatic)),
  summary: 'Active airlines with name, IATA code and logo URL; all of them, or those of `airlineCodes`.',
});

export const getCountries = endpoint({
  id: 'master.getCountries',
  api: 'site',
  method: 'GET',
  path: 'master/api_countries',
  domain: 'master',
  auth: 'public',
  request: zEmpty,
  response: lazy(() => z.array(ZCountry)),
  summary: 'Countries for address forms, India first.',
});

export const getStates = endpoint({
  id: 'master.getStates',
  api: 'site',
  method: 'GET',
  path: 'master/api_states',
  domain: 'master',
  auth: 'public',
  request: ZStatesRequest,
  response: lazy(() => z.array(ZState)),
  summary: 'States of a country by name.',
});

export const getCities = endpoint({
  id: 'master.getCities',
  api: 'site',
  method: 'GET',
  path: 'master/api_cities',
  domain: 'master',
  auth: 'public',
  request: ZCitiesRequest,
  response: lazy(() => z.array(ZCity)),
  summary: 'Cities of a state by name.',
});

export const getDbCities = endpoint({
  id: 'master.getDbCities',
  api: 'site',
  method: 'GET',
  path: 'master/dbCities',
  domain: 'master',
  auth: 'public',
  envelope: 'data',
  request: ZDbCitiesRequest,
  response: lazy(() => z.array(ZCity)),
  summary: 'City search by name prefix (`city`, exact names and India first) or one city by `cityId`.',
});

export const masterEndpoints: Endpoint[] = [
  getAirports,
  getCountryList,
  getPhoneCodeList,
  getNationalities,
  getAirlinesStaticData,
  getCountries,
  getStates,
  getCities,
  getDbCities,
];
