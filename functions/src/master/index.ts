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
import { domainHandler, operation, type RequestContext } from '#lib/http';
import * as master from './service.ts';

/**
 * Public reference data, but only for a known site: resolving it rejects unknown hosts like every
 * other public call does.
 */
const onSite = async <T>(ctx: RequestContext, read: () => T): Promise<T> => {
  await ctx.site();
  return read();
};

export const operations = [
  operation(getAirports, (input, ctx) => onSite(ctx, () => master.airportOptions(input.search))),
  operation(getCountryList, (_input, ctx) => onSite(ctx, master.countries)),
  operation(getPhoneCodeList, (_input, ctx) => onSite(ctx, master.countries)),
  operation(getNationalities, (_input, ctx) => onSite(ctx, master.nationalities)),
  operation(getAirlinesStaticData, (input, ctx) => onSite(ctx, () => master.airlines(input.airlineCodes))),
  operation(getCountries, (_input, ctx) => onSite(ctx, master.countries)),
  operation(getStates, (input, ctx) => onSite(ctx, () => master.states(input.countryCode))),
  operation(getCities, (input, ctx) => onSite(ctx, () => master.cities(input.countryCode, input.stateCode))),
  operation(getDbCities, (input, ctx) => onSite(ctx, () => master.dbCities(input))),
];

export const handler = domainHandler(operations);
