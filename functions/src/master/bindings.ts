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
import { operation, onDemand } from '#lib/http';
const master = onDemand(() => import('./service.ts'));

// Public reference data, but only for a known site: the preset resolves the site first, so unknown
// hosts are refused like every other call.
export const operations = [
  operation(getAirports, async (input) => (await master()).airportOptions(input.search)),
  operation(getCountryList, async () => (await master()).countries()),
  operation(getPhoneCodeList, async () => (await master()).countries()),
  operation(getNationalities, async () => (await master()).nationalities()),
  operation(getAirlinesStaticData, async (input) => (await master()).airlines(input.airlineCodes)),
  operation(getCountries, async () => (await master()).countries()),
  operation(getStates, async (input) => (await master()).states(input.countryCode)),
  operation(getCities, async (input) => (await master()).cities(input.countryCode, input.stateCode)),
  operation(getDbCities, async (input) => (await master()).dbCities(input)),
];
