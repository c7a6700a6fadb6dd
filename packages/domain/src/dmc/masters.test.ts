import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as MSG from '@tp/contracts/messages';
import {
  accommodationErrors,
  activityErrors,
  areaErrors,
  driverErrors,
  locationErrors,
  marketErrors,
  tourOptionErrors,
  withActivityDefaults,
} from './masters.ts';
import { DMC_TEXT } from './messages.ts';
import { intFromInput, isIsoDate, isTime } from './terms.ts';
import { M, tourOption } from './test-fixtures.ts';

const REQUIRED = 'This is required field.';

describe('area', () => {
  it("asks to 'Please fill the name' and needs a city", () => {
    expect(areaErrors({ name: '  ', cityId: null }, M)).toEqual({ name: 'Please fill the name', cityId: REQUIRED });
    expect(areaErrors({ name: 'Deira', cityId: 26 }, M)).toEqual({});
    expect(areaErrors({ name: 'Deira', cityId: -1 }, M)).toEqual({ cityId: MSG.invalidValue });
  });
});

describe('market', () => {
  it('needs a name and a three-letter currency', () => {
    expect(marketErrors({ name: '', currency: '' }, M)).toEqual({ name: REQUIRED, currency: REQUIRED });
    expect(marketErrors({ name: 'India', currency: 'aed' }, M)).toEqual({ currency: MSG.invalidValue });
    expect(marketErrors({ name: 'India', currency: 'AED' }, M)).toEqual({});
  });
});

describe('accommodation', () => {
  const hotel = {
    name: 'Rove Downtown',
    address: 'Al Mustaqbal St, Downtown Dubai',
    area: 'area-downtown',
    cityId: 26,
    phoneNumber: '+971 4 561 9000',
    email: 'stay@rove.example',
  };

  it('needs name, address and city', () => {
    expect(accommodationErrors({ ...hotel, name: '', address: ' ', cityId: undefined }, M)).toEqual({
      name: REQUIRED,
      address: REQUIRED,
      cityId: REQUIRED,
    });
    expect(accommodationErrors(hotel, M)).toEqual({});
  });

  it('checks the email shape without a top-level domain check, and leaves it optional', () => {
    expect(accommodationErrors({ ...hotel, email: 'frontdesk@rove' }, M)).toEqual({});
    expect(accommodationErrors({ ...hotel, email: '' }, M)).toEqual({});
    for (const email of ['rove.example', 'front desk@rove.example', '@rove', 'a@'])
      expect(accommodationErrors({ ...hotel, email }, M)).toEqual({ email: 'Please enter a valid email' });
  });

  it('refuses a phone with letters', () => {
    expect(accommodationErrors({ ...hotel, phoneNumber: 'call us' }, M)).toEqual({ phoneNumber: MSG.invalidPhone });
  });
});

describe('activity', () => {
  it('needs name and city; priority defaults to 1', () => {
    expect(activityErrors({ name: '', cityId: null }, M)).toEqual({ name: REQUIRED, cityId: REQUIRED });
    expect(activityErrors({ name: 'Dubai Frame', cityId: 26, priority: 0 }, M)).toEqual({ priority: MSG.tooSmall(1) });
    expect(activityErrors({ name: 'Dubai Frame', cityId: 26, priority: 1.5 }, M)).toEqual({
      priority: MSG.invalidValue,
    });
    expect(withActivityDefaults({ name: 'Dubai Frame', cityId: 26 })).toMatchObject({
      priority: 1,
      area: null,
      description: '',
    });
    expect(withActivityDefaults({ priority: 4, area: 'area-bur-dubai' })).toMatchObject({
      priority: 4,
      area: 'area-bur-dubai',
    });
  });

  it("keeps the spec's success text for a saved activity", () => {
    expect(MSG.activitySaved).toBe('Activity Saved Successfully');
  });
});

describe('tour option', () => {
  it('needs a name and its activity', () => {
    expect(tourOptionErrors({ ...tourOption(), name: '', activityId: '' }, M)).toEqual({
      name: REQUIRED,
      activityId: REQUIRED,
    });
  });

  it('needs slots when it has time slots, each HH:MM and listed once', () => {
    const slotted = tourOption({ hasTimeSlots: true, timeSlots: [] });
    expect(tourOptionErrors(slotted, M)).toEqual({ timeSlots: DMC_TEXT.timeSlotsRequired });
    expect(tourOptionErrors({ ...slotted, timeSlots: ['9:30'] }, M)).toEqual({ timeSlots: DMC_TEXT.invalidTime });
    expect(tourOptionErrors({ ...slotted, timeSlots: ['09:30', '09:30'] }, M)).toEqual({
      timeSlots: DMC_TEXT.duplicateTimeSlot,
    });
    expect(tourOptionErrors({ ...slotted, timeSlots: ['09:30', '18:00'] }, M)).toEqual({});
  });

  it('checks pickup and drop pickup times when given', () => {
    expect(tourOptionErrors(tourOption({ pickupTime: '15:00', dropPickupTime: '21:30' }), M)).toEqual({});
    expect(tourOptionErrors(tourOption({ pickupTime: '25:00', dropPickupTime: 'late' }), M)).toEqual({
      pickupTime: DMC_TEXT.invalidTime,
      dropPickupTime: DMC_TEXT.invalidTime,
    });
  });
});

describe('driver and location', () => {
  it('need a driver name and a location', () => {
    expect(driverErrors({ driverName: ' ', phone: '' }, M)).toEqual({ driverName: REQUIRED });
    expect(driverErrors({ driverName: 'Imran Khan', phone: '+971 50 123 4567' }, M)).toEqual({});
    expect(locationErrors({ location: '' }, M)).toEqual({ location: REQUIRED });
    expect(locationErrors({ location: 'DXB Terminal 3' }, M)).toEqual({});
  });
});

describe('terms', () => {
  it('convert number-type text inputs to integers (§5)', () => {
    expect(intFromInput('12')).toBe(12);
    expect(intFromInput(' 7.9 ')).toBe(7);
    expect(intFromInput('')).toBeNull();
    expect(intFromInput('abc')).toBeNull();
    expect(intFromInput(null)).toBeNull();
    fc.assert(
      fc.property(fc.integer(), (n) => {
        expect(intFromInput(String(n))).toBe(n);
      }),
    );
  });

  it('accept only real calendar dates and clock times', () => {
    expect(isIsoDate('2027-02-28')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(isIsoDate('2027-2-28')).toBe(false);
    expect(isIsoDate('2027-02-28T00:00:00Z')).toBe(false);
    expect(isTime('23:59')).toBe(true);
    expect(isTime('24:00')).toBe(false);
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }), (d) => {
        expect(isIsoDate(d.toISOString().slice(0, 10))).toBe(true);
      }),
    );
  });
});
