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
  operation(getAirports, (input) => master.airportOptions(input.search)),
  operation(getCountryList, () => master.countries()),
  operation(getPhoneCodeList, () => master.countries()),
  operation(getNationalities, () => master.nationalities()),
  operation(getAirlinesStaticData, (input) => master.airlines(input.airlineCodes)),
  operation(getCountries, () => master.countries()),
  operation(getStates, (input) => master.states(input.countryCode)),
  operation(getCities, (input) => master.cities(input.countryCode, input.stateCode)),
  operation(getDbCities, (input) => master.dbCities(input)),
];

export const handler = domainHandler(operations);
