/**
 * Reference data calls through the gateway: airport autocomplete, country / phone code /
 * nationality lists (India first), airlines, states and cities, dbCities by name and by id, and
 * bad input answered with 400 and the spec's messages.
 */
import { describe, expect, it } from 'vitest';
import {
  type CityOption,
  getAirlinesStaticData,
  getAirports,
  getCities,
  getCountries,
  getCountryList,
  getDbCities,
  getNationalities,
  getPhoneCodeList,
  getStates,
  type TCity,
  ZCity,
  ZCityOption,
  ZCountry,
} from '@tp/contracts/endpoints/master';
import * as MSG from '@tp/contracts/messages';
import { Client } from '../support/api.ts';
import { FLIGHTDEALS } from './customers-helpers.ts';

const anon = () => new Client(FLIGHTDEALS.domain);

describe('api/getAirports', () => {
  it('answers an exact airport code first, labelled name then code', async () => {
    const res = await anon().call(getAirports, { search: 'bom' });
    expect(res.status).toBe(200);
    const [first] = res.body.result as CityOption[];
    expect(first).toEqual({
      id: 'BOM',
      city: 'Mumbai',
      country: 'India',
      countryCode: 'IN',
      cityCode: 'BOM',
      label: 'Mumbai (BOM)',
      subTitle: 'Chhatrapati Shivaji International Airport, India',
      value: 'BOM',
    });
    for (const o of res.body.result) ZCityOption.parse(o);
  });

  it('finds every airport of a metropolitan code and by city name', async () => {
    const london = (await anon().call(getAirports, { search: 'LON' })).body.result as CityOption[];
    expect(london.slice(0, 5).map((o) => o.value)).toEqual(expect.arrayContaining(['LHR', 'LGW', 'STN', 'LTN', 'LCY']));
    expect(london.slice(0, 5).every((o) => o.cityCode === 'LON')).toBe(true);
    const delhi = (await anon().call(getAirports, { search: 'Delhi' })).body.result as CityOption[];
    expect(delhi[0]?.value).toBe('DEL');
    expect(delhi.length).toBeLessThanOrEqual(10);
  });

  it('answers an empty list for text that matches nothing', async () => {
    const res = await anon().call(getAirports, { search: 'qqqzzz' });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual([]);
  });

  it('refuses a missing or blank search with the required message', async () => {
    for (const input of [{}, { search: '   ' }]) {
      const res = await anon().call(getAirports, input);
      expect(res.status).toBe(400);
      expect(res.body.errorMessage).toBe(MSG.required);
    }
  });

  it('rejects an unknown site', async () => {
    const res = await new Client('nowhere.localhost').call(getAirports, { search: 'bom' });
    expect(res.status).toBe(404);
  });
});

describe('country lists', () => {
  it.each([
    ['getCountryList', getCountryList],
    ['getPhoneCodeList', getPhoneCodeList],
    ['api_countries', getCountries],
  ])('%s lists every country, India first, then by name', async (_name, e) => {
    const res = await anon().call(e, {});
    expect(res.status).toBe(200);
    const list = res.body.result as { name: string; dial_code: string; code: string }[];
    expect(list.length).toBeGreaterThan(240);
    expect(list[0]).toEqual({ name: 'India', dial_code: '+91', code: 'IN' });
    for (const c of list) ZCountry.parse(c);
    const rest = list.slice(1).map((c) => c.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b)));
    expect(list.find((c) => c.code === 'AE')?.dial_code).toBe('+971');
  });

  it('lists nationalities as code and name, India first', async () => {
    const res = await anon().call(getNationalities, {});
    expect(res.status).toBe(200);
    expect(res.body.result[0]).toEqual({ code: 'IN', name: 'India' });
    expect(res.body.result.map((n: { code: string }) => n.code)).toContain('GB');
  });
});

describe('master/getAirlinesStaticData', () => {
  it('lists airlines with name, code and logo URL', async () => {
    const res = await anon().call(getAirlinesStaticData, {});
    expect(res.status).toBe(200);
    const indigo = res.body.result.find((a: { airlineCode: string }) => a.airlineCode === '6E');
    expect(indigo).toEqual({ airlineName: 'IndiGo', airlineCode: '6E', logoUrl: 'https://pics.avs.io/200/80/6E.png' });
    expect(res.body.result.length).toBeGreaterThan(500);
  });

  it('answers only the airlines asked for, skipping unknown codes', async () => {
    const res = await anon().call(getAirlinesStaticData, { airlineCodes: ['ai', 'EK', 'EK'] });
    expect(res.body.result.map((a: { airlineCode: string }) => a.airlineCode)).toEqual(['AI', 'EK']);
    const bad = await anon().call(getAirlinesStaticData, { airlineCodes: ['INDIGO'] });
    expect(bad.status).toBe(400);
  });
});

describe('states and cities', () => {
  it('lists the states of a country by name', async () => {
    const res = await anon().call(getStates, { countryCode: 'in' });
    expect(res.status).toBe(200);
    const names = res.body.result.map((s: { name: string }) => s.name);
    expect(names).toEqual(expect.arrayContaining(['Maharashtra', 'Karnataka', 'Delhi']));
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    expect(res.body.result.find((s: { name: string }) => s.name === 'Maharashtra')).toEqual({
      code: 'MH',
      name: 'Maharashtra',
      countryCode: 'IN',
    });
  });

  it('lists the cities of a state', async () => {
    const res = await anon().call(getCities, { countryCode: 'IN', stateCode: 'MH' });
    expect(res.status).toBe(200);
    const list = res.body.result as TCity[];
    for (const c of list) ZCity.parse(c);
    const mumbai = list.find((c) => c.city === 'Mumbai');
    expect(mumbai).toMatchObject({ state: 'Maharashtra', stateCode: 'MH', country: 'India', countryCode: 'IN' });
    expect(list.every((c) => c.stateCode === 'MH')).toBe(true);
  });

  it('refuses a missing, malformed or unknown country or state with 400', async () => {
    const cases: [typeof getStates | typeof getCities, Record<string, string>, string][] = [
      [getStates, {}, MSG.required],
      [getStates, { countryCode: 'India' }, MSG.unknownCountry],
      [getStates, { countryCode: 'ZZ' }, MSG.unknownCountry],
      [getCities, { countryCode: 'IN' }, MSG.required],
      [getCities, { countryCode: 'IN', stateCode: 'ZZ' }, MSG.unknownState],
    ];
    for (const [e, input, message] of cases) {
      const res = await anon().call(e, input);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.body.errorMessage).toBe(message);
    }
  });
});

describe('master/dbCities', () => {
  it('searches by name (exact and India first) in the data envelope', async () => {
    const res = await anon().call(getDbCities, { city: 'pune' });
    expect(res.status).toBe(200);
    expect(res.body.result).toBeUndefined();
    const list = res.body.data as TCity[];
    expect(list[0]).toMatchObject({ city: 'Pune', country: 'India' });
    expect(list.every((c) => c.city.toLowerCase().startsWith('pune'))).toBe(true);
    expect(list.length).toBeLessThanOrEqual(20);
  });

  it('reads one city by id, the same one the search gave', async () => {
    const [pune] = (await anon().call(getDbCities, { city: 'Pune' })).body.data as TCity[];
    const res = await anon().call(getDbCities, { cityId: String(pune!.id) });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([pune]);
    const none = await anon().call(getDbCities, { cityId: '99999999' });
    expect(none.body.data).toEqual([]);
  });

  it('refuses no criteria, a non-numeric id or a one-letter search with 400', async () => {
    const none = await anon().call(getDbCities, {});
    expect(none.status).toBe(400);
    expect(none.body.errorMessage).toBe(MSG.cityOrCityIdRequired);
    expect((await anon().call(getDbCities, { cityId: 'abc' })).status).toBe(400);
    expect((await anon().call(getDbCities, { city: 'p' })).status).toBe(400);
  });
});
