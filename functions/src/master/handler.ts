import {
  getAirlinesStaticData,
  getAirports,
  getCities,
  getCountries,
  getCountryList,
  getDbCities,
  getNationalities,
  getPhoneCodeList,
  getStates,
} from '@tp/contracts/endpoints/master';
import { domainHandler, operation } from '#lib/http';
import * as master from './service.ts';

// Public reference data, but only for a known site: the preset resolves the site first, so unknown
// hosts are refused like every other call.
export const operations = [
  operation(getAirports, (input, scope) => master.airportOptions(input.search)),
  operation(getCountryList, (_input, scope) => master.countries()),
  operation(getPhoneCodeList, (_input, scope) => master.countries()),
  operation(getNationalities, (_input, scope) => master.nationalities()),
  operation(getAirlinesStaticData, (input, scope) => master.airlines(input.airlineCodes)),
  operation(getCountries, (_input, scope) => master.countries()),
  operation(getStates, (input, scope) => master.states(input.countryCode)),
  operation(getCities, (input, scope) => master.cities(input.countryCode, input.stateCode)),
  operation(getDbCities, (input, scope) => master.dbCities(input)),
];

export const handler = domainHandler(operations);
