import { describe, expect, it } from 'vitest';
import { allAirports, airportByCode, searchAirports } from './airports.ts';

describe('AIRPORTS data', () => {
  it.each([
    ['BOM', 'Mumbai', 'IN', 'Asia/Kolkata', 'BOM'],
    ['DEL', 'Delhi', 'IN', 'Asia/Kolkata', 'DEL'],
    ['DXB', 'Dubai', 'AE', 'Asia/Dubai', 'DXB'],
    ['LHR', 'London', 'GB', 'Europe/London', 'LON'],
    ['JFK', 'New York', 'US', 'America/New_York', 'NYC'],
  ])('%s is in %s (%s), zone %s, city code %s', (code, city, country, zone, cityCode) => {
    expect(airportByCode(code)).toMatchObject({ code, cityName: city, countryCode: country, timeZone: zone, cityCode });
  });

  it('has a few thousand airports with unique codes, names, countries, valid zones and coordinates', () => {
    expect(allAirports().length).toBeGreaterThan(3000);
    expect(new Set(allAirports().map((a) => a.code)).size).toBe(allAirports().length);
    const zones = new Set(allAirports().map((a) => a.timeZone));
    for (const z of zones) expect(() => new Intl.DateTimeFormat('en', { timeZone: z }), z).not.toThrow();
    for (const a of allAirports()) {
      expect(a.code, a.code).toMatch(/^[A-Z]{3}$/);
      expect(a.name && a.cityName && a.countryName, a.code).toBeTruthy();
      expect(a.countryCode, a.code).toMatch(/^[A-Z]{2}$/);
      expect(Math.abs(a.lat) <= 90 && Math.abs(a.lon) <= 180, a.code).toBe(true);
    }
  });

  it('restores full airport names from the packed form', () => {
    expect(airportByCode('BOM')?.name).toBe('Chhatrapati Shivaji International Airport');
    expect(airportByCode('LHR')?.name).toBe('London Heathrow Airport');
    expect(airportByCode('lhr')).toBe(airportByCode('LHR'));
    expect(airportByCode('XXQ')).toBeUndefined();
  });

  it('drops military fields and heliports', () => {
    expect(allAirports().some((a) => /air ?base|heliport/i.test(a.name))).toBe(false);
  });
});

describe('searchAirports', () => {
  const codes = (text: string, limit?: number) => searchAirports(text, limit).map((a) => a.code);

  it('puts the exact airport code first, ignoring case', () => {
    expect(codes('del')[0]).toBe('DEL');
    expect(codes('BOM')[0]).toBe('BOM');
  });

  it('lists every airport of a metropolitan code before name matches', () => {
    expect(codes('LON').slice(0, 6).sort()).toEqual(['LCY', 'LGW', 'LHR', 'LTN', 'SEN', 'STN']);
    expect(codes('nyc').sort()).toEqual(['EWR', 'JFK', 'LGA']);
  });

  it('ranks an exact city name before longer city names, then airport names', () => {
    expect(codes('mumbai')[0]).toBe('BOM');
    const dub = searchAirports('dubai');
    expect(dub.map((a) => a.code)).toEqual(expect.arrayContaining(['DXB', 'DWC']));
    expect(dub.every((a) => a.cityName.toLowerCase().startsWith('dubai') || /dubai/i.test(a.name))).toBe(true);
  });

  it('matches accent-free text and a word inside the airport name', () => {
    expect(codes('sao paulo')).toEqual(expect.arrayContaining(['GRU', 'CGH']));
    expect(codes('heathrow')).toEqual(['LHR']);
  });

  it('ranks an exact city name with exact codes, busier airport first ("goa" is Goa before Genoa)', () => {
    expect(codes('goa').slice(0, 2)).toEqual(['GOI', 'GOA']);
    expect(codes('GOA').slice(0, 2)).toEqual(['GOI', 'GOA']);
    expect(codes('genoa')[0]).toBe('GOA');
  });

  it('breaks ties by popularity: the city prefix of a busy hub before quieter airports', () => {
    expect(codes('dubai')).toEqual(['DXB', 'DWC']);
    expect(codes('lon')[0]).toBe('LHR');
    expect(codes('ban')[0]).toBe('BLR');
    expect(codes('par')[0]).toBe('CDG');
  });

  it('honours the limit and answers nothing for blank text', () => {
    expect(codes('a', 5)).toHaveLength(5);
    expect(codes('   ')).toEqual([]);
    expect(codes('qqqzzz')).toEqual([]);
  });
});
