import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import '../endpoint.ts';
import {
  CUSTOMER_MSG,
  changeDetailsIssues,
  isValidGstin,
  isValidPan,
  nationalNumber,
  quickCreateIssues,
  ZBillingDetails,
  ZChangeDetails,
  ZCreateAgent,
  type TQuickCustomer,
} from './customers.ts';
import { USER_TYPES } from '../endpoint.ts';
import * as MSG from '../messages.ts';
import { PHONE_LABELS } from './users.ts';

const userType = fc.constantFrom(...USER_TYPES);
const validPhone = fc.integer({ min: 0, max: 99_999_999 }).map((n) => `98${String(n).padStart(8, '0')}`);
const phoneEntry = (label: fc.Arbitrary<(typeof PHONE_LABELS)[number]>) =>
  fc.record({ label, phoneNumber: validPhone, phoneCountryCode: fc.constant('in') });
const email = fc.emailAddress().filter(
  (e) =>
    ZChangeDetails.safeParse({
      customerId: 1,
      firstName: 'a',
      email: e,
      phoneNumbers: [{ label: 'Primary', phoneNumber: '9810000001', phoneCountryCode: 'in' }],
    }).success,
);
const text = fc.string({ maxLength: 20 });

const messages = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('Change Details rules', () => {
  it('rejects any input lacking both an email and a Primary phone', () => {
    fc.assert(
      fc.property(
        fc.array(phoneEntry(fc.constantFrom('Secondary', 'Emergency')), { maxLength: 3 }),
        fc.option(userType, { nil: undefined }),
        text,
        (phones, type, company) => {
          const issues = changeDetailsIssues({ email: '', phoneNumbers: phones, companyName: company }, type);
          expect(issues).toContainEqual({ path: ['email'], message: MSG.emailOrPrimaryPhoneRequired });
          const parsed = ZChangeDetails.safeParse({
            customerId: 7,
            firstName: 'Asha',
            email: '',
            phoneNumbers: phones,
            companyName: company,
            userType: type,
          });
          expect(messages(parsed)).toContain(`email: ${MSG.emailOrPrimaryPhoneRequired}`);
        },
      ),
    );
  });

  it('accepts an email or a Primary phone (either is enough)', () => {
    fc.assert(
      fc.property(
        fc.option(email, { nil: '' }),
        fc.boolean(),
        fc.array(phoneEntry(fc.constantFrom('Secondary', 'Emergency')), { maxLength: 2 }),
        (mail, withPrimary, others) => {
          fc.pre(mail !== '' || withPrimary);
          const phones = withPrimary
            ? [...others, { label: 'Primary' as const, phoneNumber: '9810000001', phoneCountryCode: 'in' }]
            : others;
          expect(changeDetailsIssues({ email: mail, phoneNumbers: phones, companyName: 'X' }, 'retail')).toEqual([]);
        },
      ),
    );
  });

  it('requires a company name if and only if the customer is a travel agent', () => {
    fc.assert(
      fc.property(userType, fc.constantFrom('', '  ', 'Mehta Tours'), (type, company) => {
        const issues = changeDetailsIssues({ email: 'a@b.in', phoneNumbers: [], companyName: company }, type);
        const wanted = type === 'travelAgent' && !company.trim();
        expect(issues.some((i) => i.path[0] === 'companyName' && i.message === MSG.required)).toBe(wanted);
      }),
    );
  });

  it('checks every phone with the spec message, requires a numeric customer id and a first name', () => {
    const r = ZChangeDetails.safeParse({
      customerId: 'abc',
      firstName: ' ',
      email: 'a@b.in',
      phoneNumbers: [{ label: 'Secondary', phoneNumber: '12', phoneCountryCode: 'in' }],
    });
    expect(messages(r)).toEqual(
      expect.arrayContaining([
        `customerId: ${MSG.required}`,
        `firstName: ${MSG.required}`,
        `phoneNumbers.0.phoneNumber: ${MSG.invalidPhone}`,
      ]),
    );
    expect(messages(ZChangeDetails.safeParse({ customerId: 0, firstName: 'A', email: 'a@b.in' }))).toEqual([
      `customerId: ${CUSTOMER_MSG.customerNumber}`,
    ]);
    expect(
      ZChangeDetails.parse({ customerId: '42', firstName: 'A', email: 'A@B.IN', panNumber: 'abcpd1234f' }),
    ).toMatchObject({
      customerId: 42,
      email: 'a@b.in',
      panNumber: 'ABCPD1234F',
      lastName: '',
      phoneNumbers: [],
    });
  });
});

describe('agent quick create rules', () => {
  const base: TQuickCustomer = {
    firstName: 'A',
    lastName: '',
    email: '',
    phone: '',
    phoneCode: 'in',
    companyName: 'Co',
  };

  it('asks for a phone or an email when neither is given', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...(['travelAgent', 'retail'] as const)),
        fc.constantFrom('', 'in', 'ae'),
        (type, code) => {
          const issues = quickCreateIssues({ ...base, phoneCode: code }, type);
          expect(issues).toContainEqual({ path: ['email'], message: MSG.phoneOrEmailRequired });
        },
      ),
    );
  });

  it('asks for the number when the phone input holds only its dial code', () => {
    expect(quickCreateIssues({ ...base, phone: '+91' }, 'retail')).toEqual([
      { path: ['phone'], message: MSG.phoneRequired },
    ]);
    expect(quickCreateIssues({ ...base, phone: '+971', phoneCode: 'ae' }, 'retail')).toEqual([
      { path: ['phone'], message: MSG.phoneRequired },
    ]);
  });

  it('refuses any number that is not valid for its country, with or without an email', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{1,7}$/), fc.boolean(), (digits, withEmail) => {
        const issues = quickCreateIssues({ ...base, phone: digits, email: withEmail ? 'a@b.in' : '' }, 'retail');
        expect(issues).toEqual([{ path: ['phone'], message: MSG.invalidPhoneNumber }]);
      }),
    );
  });

  it('accepts a valid number typed with or without its dial code, or an email alone', () => {
    fc.assert(
      fc.property(validPhone, fc.boolean(), (phone, withDial) => {
        const typed = withDial ? `+91 ${phone}` : phone;
        expect(quickCreateIssues({ ...base, phone: typed }, 'travelAgent')).toEqual([]);
        expect(nationalNumber(typed, 'in')).toBe(phone);
      }),
    );
    expect(quickCreateIssues({ ...base, email: 'a@b.in', phone: '+91' }, 'retail')).toEqual([]);
  });

  it('requires a company for a B2B agent only', () => {
    expect(quickCreateIssues({ ...base, email: 'a@b.in', companyName: '' }, 'travelAgent')).toEqual([
      { path: ['companyName'], message: MSG.required },
    ]);
    expect(quickCreateIssues({ ...base, email: 'a@b.in', companyName: '' }, 'retail')).toEqual([]);
  });

  it('reports field errors under userData.customer', () => {
    const r = ZCreateAgent.safeParse({
      userData: {
        userType: 'travelAgent',
        customer: { firstName: 'A', phone: '123', phoneCode: 'in', companyName: 'C' },
      },
    });
    expect(messages(r)).toEqual([`userData.customer.phone: ${MSG.invalidPhoneNumber}`]);
  });
});

describe('billing details', () => {
  it('knows valid PANs and GSTINs (with their check character)', () => {
    expect(isValidPan('AAPFU0939F')).toBe(true);
    expect(isValidPan('AAPFU0939')).toBe(false);
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('27AAPFU0939F1ZW')).toBe(false);
    expect(isValidGstin('27AAPFU0939F1Z')).toBe(false);
  });

  it('finds every single-character typo in a GSTIN through its check character', () => {
    const gstin = '27AAPFU0939F1ZV';
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 13 }),
        fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
        (i, ch) => {
          fc.pre(gstin[i] !== ch);
          expect(isValidGstin(gstin.slice(0, i) + ch + gstin.slice(i + 1))).toBe(false);
        },
      ),
    );
  });

  it('needs the GST state with a GSTIN, and a GSTIN that belongs to the PAN', () => {
    expect(messages(ZBillingDetails.safeParse({ billingName: 'A', gstNumber: '27AAPFU0939F1ZV' }))).toEqual([
      `gstState: ${MSG.required}`,
    ]);
    expect(
      messages(
        ZBillingDetails.safeParse({
          billingName: 'A',
          gstNumber: '27AAPFU0939F1ZV',
          gstState: 'MH',
          panNumber: 'ABCPD1234F',
        }),
      ),
    ).toEqual([`gstNumber: ${CUSTOMER_MSG.gstinPanMismatch}`]);
    expect(ZBillingDetails.safeParse({ billingName: 'A' }).success).toBe(true);
  });
});
