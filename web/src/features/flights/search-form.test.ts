import { describe, expect, it } from 'vitest';
import { ZSearchRequest } from '@tp/contracts/endpoints/flights';
import * as MSG from '@tp/contracts/messages';
import { initialPassengers, toPassengerInput, validatePassengerForm } from './passenger-form.ts';
import {
  calendarMonths,
  initialSearchValues,
  swapLeg,
  toSearchRequest,
  unnamedCodes,
  validateSearch,
  withCityName,
  withJourneyType,
} from './search-form.ts';
import { queryToSearch, searchToQuery } from './search-query.ts';

const city = (code: string) => ({ value: code, label: code });
const TODAY = '2026-11-22';
const oneWay = () => ({
  ...initialSearchValues(),
  legs: [{ origin: city('DEL'), destination: city('BOM'), date: '2026-12-01' }],
});

describe('search form rules', () => {
  it('requires origin, destination and date', () => {
    const e = validateSearch(initialSearchValues(), TODAY);
    expect(e).toMatchObject({
      'legs.0.origin': MSG.required,
      'legs.0.destination': MSG.required,
      'legs.0.date': MSG.required,
    });
  });
  it('applies the supplier passenger rules', () => {
    expect(validateSearch({ ...oneWay(), adults: 0 }, TODAY).adults).toBe('At least 1 adult');
    expect(validateSearch({ ...oneWay(), adults: 5, children: 5 }, TODAY).adults).toMatch(/At most 9/);
    expect(validateSearch({ ...oneWay(), adults: 2, infants: 3 }, TODAY).infants).toBe(
      'Infants cannot outnumber adults',
    );
    expect(validateSearch({ ...oneWay(), adults: 4, children: 5, infants: 4 }, TODAY)).toEqual({});
  });
  it('refuses the same origin and destination, past dates and a return before departure', () => {
    const same = { ...oneWay(), legs: [{ origin: city('DEL'), destination: city('DEL'), date: '2026-12-01' }] };
    expect(validateSearch(same, TODAY)['legs.0.destination']).toBe('Origin and destination must differ');
    const past = { ...oneWay(), legs: [{ ...oneWay().legs[0]!, date: '2026-11-01' }] };
    expect(validateSearch(past, TODAY)['legs.0.date']).toMatch(/past/);
    expect(validateSearch({ ...oneWay(), journeyType: 2, returnDate: '2026-11-30' }, TODAY).returnDate).toMatch(
      /before/,
    );
  });
  it('multi stop keeps 2–6 legs and chains the next origin', () => {
    const multi = withJourneyType(oneWay(), 3);
    expect(multi.legs).toHaveLength(2);
    expect(multi.legs[1]!.origin).toEqual(city('BOM'));
    expect(withJourneyType(multi, 1).legs).toHaveLength(1);
    const seven = { ...multi, legs: Array.from({ length: 7 }, () => multi.legs[0]!) };
    expect(validateSearch(seven, TODAY).legs).toMatch(/2 to 6/);
  });
  it('swaps one leg and keeps the others', () => {
    const multi = { ...withJourneyType(oneWay(), 3) };
    multi.legs[1]!.destination = city('GOI');
    const swapped = swapLeg(multi, 1);
    expect(swapped.legs[1]).toMatchObject({ origin: city('GOI'), destination: city('BOM') });
    expect(swapped.legs[0]).toEqual(multi.legs[0]);
    expect(toSearchRequest(swapLeg(oneWay(), 0)).segments[0]).toMatchObject({ origin: 'BOM', destination: 'DEL' });
  });
  it('prefills city names it knows and names the others once looked up, sending codes either way', () => {
    const last = toSearchRequest(oneWay());
    const v = initialSearchValues(last, (code) => (code === 'DEL' ? 'Delhi (DEL)' : undefined));
    expect(v.legs[0]!.origin).toEqual({ value: 'DEL', label: 'Delhi (DEL)' });
    expect(unnamedCodes(v)).toEqual(['BOM']);
    const named = withCityName(v, 'BOM', 'Mumbai (BOM)');
    expect(named.legs[0]!.destination).toEqual({ value: 'BOM', label: 'Mumbai (BOM)' });
    expect(unnamedCodes(named)).toEqual([]);
    expect(toSearchRequest(named).segments).toEqual(last.segments);
  });
  it('builds requests the contract accepts: return as JourneyType 2 with its sub type', () => {
    const ret = toSearchRequest({
      ...oneWay(),
      journeyType: 2,
      returnType: 5,
      returnDate: '2026-12-05',
      time: '11:00:00',
    });
    expect(ret).toMatchObject({ JourneyType: 2, returnType: 5 });
    expect(ret.segments[1]).toEqual({
      origin: 'BOM',
      destination: 'DEL',
      preferredDepartureTime: '2026-12-05T11:00:00',
    });
    expect(ZSearchRequest.safeParse(ret).success).toBe(true);
    expect(ZSearchRequest.safeParse(toSearchRequest(oneWay())).success).toBe(true);
  });
  it('offers 10 months in the fare calendar', () => {
    const months = calendarMonths(new Date(2026, 10, 22));
    expect(months).toHaveLength(10);
    expect(months[0]!.value).toBe('2026-11');
    expect(months[9]!.value).toBe('2027-08');
  });
});

describe('search query', () => {
  it('round-trips one way, return and multi stop searches through the URL', () => {
    const requests = [
      toSearchRequest({ ...oneWay(), adults: 2, children: 1, infants: 1 }),
      toSearchRequest({ ...oneWay(), journeyType: 2, returnType: 2, returnDate: '2026-12-05', time: '16:00:00' }),
      toSearchRequest({
        ...withJourneyType(oneWay(), 3),
        legs: [
          { origin: city('DEL'), destination: city('BOM'), date: '2026-12-01' },
          { origin: city('BOM'), destination: city('GOI'), date: '2026-12-03' },
        ],
      }),
    ];
    for (const r of requests) expect(queryToSearch(searchToQuery(r))).toEqual(r);
  });
  it('uses the spec query names', () => {
    const q = new URLSearchParams(searchToQuery(toSearchRequest({ ...oneWay(), adults: 2 })));
    expect(Object.fromEntries(q)).toEqual({
      origin: 'DEL',
      destination: 'BOM',
      departure: '2026-12-01',
      adt: '2',
      chd: '0',
      inf: '0',
    });
  });
  it('rejects incomplete queries', () => {
    expect(queryToSearch('origin=DEL&destination=BOM')).toBeNull();
    expect(queryToSearch('origin=DEL&destination=BOM&departure=2026-12-01&journeyType=2')).toBeNull();
  });
});

describe('passenger form', () => {
  const rules = { isPassportRequired: false, travelDate: '2026-12-01T00:00:00', today: TODAY };
  it('makes one entry per passenger, adults first, and prefills from the first leg', () => {
    const pax = initialPassengers(
      [
        { passengerType: 3, count: 1 },
        { passengerType: 1, count: 2 },
      ],
      [
        {
          title: 'Mr',
          firstName: 'Ravi',
          lastName: 'Kumar',
          paxType: 1,
          gender: 1,
          isLeadPax: true,
          phoneCode: '+91',
          mobileNo: '9876543210',
        },
      ],
    );
    expect(pax.map((p) => p.paxType)).toEqual([1, 1, 3]);
    expect(pax[0]).toMatchObject({ firstName: 'Ravi', phoneCountry: 'in', mobileNo: '9876543210' });
  });
  it('requires names, gender, a child birth date and the lead contact', () => {
    const pax = initialPassengers([
      { passengerType: 1, count: 1 },
      { passengerType: 2, count: 1 },
    ]);
    const e = validatePassengerForm(pax, rules);
    expect(e['passengers.0.firstName']).toBe(MSG.required);
    expect(e['passengers.0.gender']).toBe(MSG.required);
    expect(e['passengers.0.email']).toBe(MSG.required);
    expect(e['passengers.1.dateOfBirth']).toBe(MSG.required);
    expect(e['passengers.1.email']).toBeUndefined();
  });
  it('accepts a complete booking and sends the lead phone with its dial code and SSR picks', () => {
    const [p] = initialPassengers([{ passengerType: 1, count: 1 }]);
    Object.assign(p!, {
      title: 'Ms',
      firstName: 'Asha',
      lastName: 'Rao',
      gender: '2',
      mobileNo: '98765 43210',
      email: 'A@x.in',
    });
    p!.meal = { 'DEL-BOM': 'VGML' };
    expect(validatePassengerForm([p!], rules)).toEqual({});
    expect(toPassengerInput(p!, 0)).toMatchObject({
      phoneCode: '+91',
      mobileNo: '9876543210',
      email: 'a@x.in',
      isLeadPax: true,
      ssr: { mealDynamic: [{ code: 'VGML', origin: 'DEL', destination: 'BOM' }], baggage: [], seat: [] },
    });
  });
  it('asks for passports when the fare requires them', () => {
    const [p] = initialPassengers([{ passengerType: 1, count: 1 }]);
    const e = validatePassengerForm([p!], { ...rules, isPassportRequired: true });
    expect(e['passengers.0.passportNo']).toBe(MSG.required);
    expect(e['passengers.0.dateOfBirth']).toBe(MSG.required);
  });
});
