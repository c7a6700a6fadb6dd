import { describe, expect, it } from 'vitest';
import { titleGenderProblem, validatePassengers, type PassengerLike } from './passengers.ts';

const rules = {
  adultCount: 1,
  childCount: 0,
  infantCount: 0,
  isPassportRequired: false,
  travelDate: '2027-01-10',
  today: '2026-11-01',
};
const lead = (title: string, gender: 1 | 2): PassengerLike => ({
  title,
  firstName: 'Asha',
  lastName: 'Rao',
  paxType: 1,
  gender,
  isLeadPax: true,
  phoneCode: '+91',
  mobileNo: '9876543210',
  email: 'asha@example.com',
});

describe('title and gender', () => {
  it('refuses a title that contradicts the gender, and says why', () => {
    expect(validatePassengers([lead('Mr', 2)], rules)['passengers.0.title']).toBe(
      'Mr is a title for a male passenger; choose the title that matches the gender',
    );
    expect(validatePassengers([lead('Mrs', 1)], rules)['passengers.0.title']).toMatch(/female passenger/);
    expect(titleGenderProblem('Miss', 1)).toMatch(/female/);
    expect(titleGenderProblem('Mstr', 2)).toMatch(/male/);
  });

  it('accepts matching pairs, and leaves an unset title or gender to the required rule', () => {
    for (const [t, g] of [
      ['Mr', 1],
      ['Mstr', 1],
      ['Mrs', 2],
      ['Ms', 2],
      ['Miss', 2],
    ] as const)
      expect(titleGenderProblem(t, g)).toBeNull();
    expect(validatePassengers([lead('Ms', 2)], rules)).toEqual({});
    expect(titleGenderProblem('', 2)).toBeNull();
    expect(titleGenderProblem('Mr', 0)).toBeNull();
  });
});
