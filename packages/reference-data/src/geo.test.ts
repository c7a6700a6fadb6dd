import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryByCode } from './countries.ts';
import { cityById, citiesOf, searchCities, stateByCode, statesOf } from './geo.ts';

describe('COUNTRIES', () => {
  it('starts with India, then sorts by name, with dial codes as +digits', () => {
    expect(COUNTRIES[0]).toEqual({ name: 'India', dial_code: '+91', code: 'IN' });
    const rest = COUNTRIES.slice(1).map((c) => c.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b)));
    for (const c of COUNTRIES) expect(c.dial_code, c.code).toMatch(/^\+\d+$/);
    expect(countryByCode('us')?.dial_code).toBe('+1');
  });
});

describe('states and cities', () => {
  it('lists states by name and finds one by code', () => {
    const names = statesOf('IN').map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(stateByCode('in', 'mh')).toEqual({ code: 'MH', name: 'Maharashtra', countryCode: 'IN' });
    expect(statesOf('ZZ')).toEqual([]);
  });

  it('gives every city an id that reads the same city back', () => {
    const mh = citiesOf('IN', 'MH');
    expect(mh.map((c) => c.name)).toContain('Mumbai');
    for (const c of [mh[0]!, mh[mh.length - 1]!, mh.find((x) => x.name === 'Pune')!]) expect(cityById(c.id)).toEqual(c);
    expect(cityById(0)?.id).toBe(0);
    expect(cityById(-1)).toBeUndefined();
    expect(cityById(10_000_000)).toBeUndefined();
    expect(cityById(1.5)).toBeUndefined();
  });

  it('searches by name prefix: exact names first, then the home country', () => {
    const pune = searchCities('PUNE');
    expect(pune[0]).toMatchObject({ name: 'Pune', countryCode: 'IN', stateName: 'Maharashtra' });
    expect(pune.every((c) => c.name.toLowerCase().startsWith('pune'))).toBe(true);
    const hyd = searchCities('hyderabad', 5);
    expect(hyd[0]?.countryCode).toBe('IN');
    expect(hyd.length).toBeLessThanOrEqual(5);
    expect(searchCities('sao paulo')[0]?.name).toBe('São Paulo');
    expect(searchCities('')).toEqual([]);
  });
});
