import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { asSiteId, keys, sitePk, type SiteId } from './keys.ts';

const S1 = asSiteId('s1');

describe('key builders', () => {
  it('start every tenant key with the site id', () => {
    const tenantKeys = [
      keys.site(S1),
      keys.siteSecrets(S1),
      keys.user(S1, 'u1'),
      keys.rbacGroup(S1, 'g1'),
      keys.session(S1, 'hash'),
      keys.rateLimit(S1, 'login', '202611220437'),
      keys.userCounter(S1),
      keys.counter(S1, 'BOOKINGS'),
    ];
    for (const k of tenantKeys) expect(k.pk.startsWith('SITE#s1')).toBe(true);
    expect(keys.sessionsOfUserPk(S1, 'u1').startsWith('SITE#s1#')).toBe(true);
  });

  it('refuses parts that could forge another key (a # inside a value)', () => {
    expect(() => keys.user(S1, 'u1#PROFILE')).toThrow();
    expect(() => sitePk(S1, 'USER', 'u1#PROFILE')).toThrow();
    expect(() => sitePk(S1, 'USER', '')).toThrow();
  });

  it('refuses an empty or malformed site id, even one cast to SiteId', () => {
    for (const bad of ['', 's1#USER', 'x'.repeat(257)]) {
      expect(() => asSiteId(bad)).toThrow();
      expect(() => sitePk(bad as SiteId)).toThrow();
      expect(() => keys.site(bad as SiteId)).toThrow();
    }
    expect(() => asSiteId(undefined)).toThrow();
    expect(() => asSiteId(42)).toThrow();
    expect(sitePk(asSiteId('s1'), 'USER', 'u1')).toBe('SITE#s1#USER#u1');
  });

  it('never lets two different (site, user) pairs share a key', () => {
    const part = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
    fc.assert(
      fc.property(part, part, part, part, (s1, u1, s2, u2) => {
        fc.pre(s1 !== s2 || u1 !== u2);
        const a = keys.user(asSiteId(s1), u1);
        const b = keys.user(asSiteId(s2), u2);
        return a.pk !== b.pk || a.sk !== b.sk;
      }),
    );
  });
});
