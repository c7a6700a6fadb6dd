import * as z from 'zod/mini';
import { endpoint, type Endpoint } from '../endpoint.ts';
import { zEmpty } from '../common.ts';
import {
  ZAirlineStatic,
  ZAirlinesRequest,
  ZAirportSearch,
  ZCitiesRequest,
  ZCity,
  ZCityOption,
  ZCountry,
  ZDbCitiesRequest,
  ZNationality,
  ZState,
  ZStatesRequest,
} from '../master.ts';
import { lazy } from '../lazy.ts';

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
