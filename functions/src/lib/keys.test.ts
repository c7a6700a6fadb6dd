import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { keys } from './keys.ts';

describe('key builders', () => {
  it('start every tenant key with the site id', () => {
    const tenantKeys = [
      keys.site('s1'),
      keys.siteSecrets('s1'),
      keys.policyPage('s1', 'privacy_policy'),
      keys.user('s1', 'u1'),
      keys.userEmail('s1', 'A@B.com'),
      keys.userPhone('s1', 'in', '9876543210'),
      keys.userSocial('s1', 'google', 'sub'),
      keys.legalEntity('s1', 'le'),
      keys.session('s1', 'hash'),
      keys.oneTimeToken('s1', 'reset', 'hash'),
      keys.rateLimit('s1', 'login', '202611220437'),
      keys.pushSubscription('s1', 'u1', 'hash'),
      keys.mailSent('s1', 'hash'),
    ];
    for (const k of tenantKeys) expect(k.pk.startsWith('SITE#s1')).toBe(true);
    expect(keys.usersIndexPk('s1').startsWith('SITE#s1#')).toBe(true);
  });

  it('lower-cases emails so one address maps to one key', () => {
    expect(keys.userEmail('s1', 'Agent@Example.COM')).toEqual(keys.userEmail('s1', 'agent@example.com'));
  });

  it('refuses parts that could forge another key (a # inside a value)', () => {
    expect(() => keys.user('s1', 'u1#PROFILE')).toThrow();
    expect(() => keys.site('s1#USER')).toThrow();
    expect(() => keys.user('', 'u1')).toThrow();
  });

  it('never lets two different (site, user) pairs share a key', () => {
    const part = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
    fc.assert(
      fc.property(part, part, part, part, (s1, u1, s2, u2) => {
        fc.pre(s1 !== s2 || u1 !== u2);
        const a = keys.user(s1, u1);
        const b = keys.user(s2, u2);
        return a.pk !== b.pk || a.sk !== b.sk;
      }),
    );
  });
});
