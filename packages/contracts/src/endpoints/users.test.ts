import { describe, expect, it } from 'vitest';
import * as MSG from '../messages.ts';
import { ZSignup } from './users.ts';

const fieldErrors = (input: unknown) => {
  const r = ZSignup.safeParse(input);
  const out: Record<string, string> = {};
  for (const i of r.error?.issues ?? []) out[i.path.join('.')] ??= i.message;
  return out;
};

describe('signup schema', () => {
  it('reports an invalid phone on the first submit, together with other missing fields', () => {
    const errs = fieldErrors({ userType: 'retail', phone: '12345', phoneCode: 'in' });
    expect(errs.phone).toBe(MSG.invalidPhone);
    expect(errs.firstName).toBe(MSG.required);
  });

  it('reports a missing phone as required, not invalid', () => {
    expect(fieldErrors({ userType: 'retail', phoneCode: 'in' }).phone).toBe(MSG.required);
  });

  it('checks both agent phones independently', () => {
    const errs = fieldErrors({
      userType: 'travelAgent',
      primaryPhone: '9876543210',
      primaryPhoneCode: 'in',
      secondaryPhone: '1',
      secondaryPhoneCode: 'in',
    });
    expect(errs.primaryPhone).toBeUndefined();
    expect(errs.secondaryPhone).toBe(MSG.invalidPhone);
  });

  it('accepts a complete retail registration', () => {
    expect(
      ZSignup.safeParse({
        userType: 'retail',
        gender: 1,
        firstName: 'Asha',
        lastName: 'Rao',
        email: 'asha@example.com',
        phone: '9876543210',
        phoneCode: 'in',
        password: 'Tr4vel-Desk-42',
      }).success,
    ).toBe(true);
  });
});
