import { describe, expect, it } from 'vitest';
import * as MSG from '@tp/contracts/messages';
import { AppError } from '#lib/errors';
import * as master from './service.ts';

const failure = (run: () => unknown): AppError => {
  try {
    run();
  } catch (err) {
    return err as AppError;
  }
  throw new Error('expected a failure');
};

describe('master service', () => {
  it('labels airport options name then code, with the airport and country below', () => {
    expect(master.airportOptions('LHR')[0]).toEqual({
      id: 'LHR',
      city: 'London',
      country: 'United Kingdom',
      countryCode: 'GB',
      cityCode: 'LON',
      label: 'London (LHR)',
      subTitle: 'London Heathrow Airport, United Kingdom',
      value: 'LHR',
    });
    expect(master.airportOptions('a')).toHaveLength(10);
  });

  it('offers Goa before Genoa for "goa" (relevance, then popularity)', () => {
    expect(
      master
        .airportOptions('goa')
        .map((o) => o.label)
        .slice(0, 2),
    ).toEqual(['Goa (GOI)', 'Genoa (GOA)']);
  });

  it('answers the airlines asked for in order, once each, skipping unknown codes', () => {
    expect(master.airlines(['EK', '6E', 'EK', 'Q9Z']).map((a) => a.airlineCode)).toEqual(['EK', '6E']);
    expect(master.airlines().length).toBeGreaterThan(500);
  });

  it('refuses an unknown country or state with a 400 naming the field', () => {
    const country = failure(() => master.states('ZZ'));
    expect([country.status, country.message, country.fields]).toEqual([
      400,
      MSG.unknownCountry,
      { countryCode: MSG.unknownCountry },
    ]);
    const state = failure(() => master.cities('IN', 'ZZ'));
    expect([state.status, state.message]).toEqual([400, MSG.unknownState]);
  });

  it('reads dbCities by id when given, else by name', () => {
    const [pune] = master.dbCities({ city: 'Pune' });
    expect(pune).toMatchObject({ city: 'Pune', state: 'Maharashtra', country: 'India', countryCode: 'IN' });
    expect(master.dbCities({ city: 'Delhi', cityId: pune!.id })).toEqual([pune]);
    expect(master.dbCities({ cityId: 99_999_999 })).toEqual([]);
  });
});
