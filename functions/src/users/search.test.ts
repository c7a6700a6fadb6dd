import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normaliseQuery, searchTokens } from './search.ts';

const user = {
  email: 'Arjun@Mehta.example',
  firstName: 'Arjun',
  lastName: 'Mehta',
  companyName: 'Mehta Tours & Travels',
  phoneNumbers: [{ label: 'Primary' as const, phoneNumber: '98100 00003', phoneCountryCode: 'in' }],
};

describe('user search tokens', () => {
  it('cover email, names, full name, company and its words, and phone digits with and without the country code', () => {
    expect(searchTokens(user)).toEqual(
      expect.arrayContaining([
        'arjun@mehta.example',
        'arjun',
        'mehta',
        'arjun mehta',
        'mehta tours & travels',
        'tours',
        'travels',
        '9810000003',
        '919810000003',
      ]),
    );
  });

  it('are distinct, non-empty and never contain the key separator', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), fc.string(), (email, firstName, lastName, companyName) => {
        const tokens = searchTokens({ email, firstName, lastName, companyName, phoneNumbers: [] });
        expect(new Set(tokens).size).toBe(tokens.length);
        for (const t of tokens) {
          expect(t).not.toBe('');
          expect(t).not.toContain('#');
          expect(t.length).toBeLessThanOrEqual(60);
        }
      }),
    );
  });

  it('match a query as a prefix of some token whenever the query starts a name, email or company', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z]{2,12}$/),
        fc.stringMatching(/^[a-z]{2,12}$/),
        fc.integer({ min: 1, max: 12 }),
        (first, last, n) => {
          const tokens = searchTokens({ email: `${first}@x.in`, firstName: first, lastName: last, phoneNumbers: [] });
          for (const q of [first.slice(0, n), last.slice(0, n), `${first} ${last}`.slice(0, n + 2)])
            expect(tokens.some((t) => t.startsWith(normaliseQuery(q.toUpperCase())))).toBe(true);
        },
      ),
    );
  });

  it('read a phone-like query as digits', () => {
    expect(normaliseQuery('+91 98100-000')).toBe('9198100000');
    expect(normaliseQuery('  Mehta   Tours ')).toBe('mehta tours');
    expect(normaliseQuery('a#b')).toBe('ab');
  });
});
