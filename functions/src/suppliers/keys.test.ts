import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { asSiteId, type SiteId } from '#lib/keys';
import { markupKeys } from '../markup/keys.ts';
import { userKeys } from '../users/keys.ts';
import { supplierKeys as keys } from './keys.ts';

const [S1, S2, SUP, CON] = [asSiteId('s1'), asSiteId('s2'), asSiteId('sup'), asSiteId('con')];

describe('supplier relationship keys', () => {
  it('store each side of a link under its own site', () => {
    expect(keys.consumerLink(SUP, CON, 'Flights').pk.startsWith('SITE#sup#')).toBe(true);
    expect(keys.supplierLink(CON, SUP, 'Flights').pk.startsWith('SITE#con#')).toBe(true);
    expect(keys.consumerLinksPk(SUP).startsWith('SITE#sup#')).toBe(true);
    expect(keys.supplierLinksPk(CON).startsWith('SITE#con#')).toBe(true);
    for (const k of [
      keys.supplierProfile(S1),
      keys.apiCustomerRequest(S1, 'r1'),
      keys.supplierTermsAcceptance(S1, S2),
      markupKeys.leRelation(S1, 'le'),
    ])
      expect(k.pk.startsWith('SITE#s1#')).toBe(true);
    expect(keys.apiCustomerRequestsByStatusPk(S1, 'Pending').startsWith('SITE#s1#')).toBe(true);
  });

  it('keep the directory the only global index, holding nothing but site ids', () => {
    expect(keys.supplierDirectoryIndex(S1)).toEqual({ gsi1pk: keys.supplierDirectoryPk(), gsi1sk: 's1' });
  });

  it('never give two links the same key on either side', () => {
    const id = fc.stringMatching(/^[a-z0-9-]{1,8}$/).map(asSiteId);
    const category = fc.constantFrom('Flights', 'TourPackages', 'FixedDeparture');
    fc.assert(
      fc.property(id, id, category, id, id, category, (s1, c1, k1, s2, c2, k2) => {
        fc.pre(s1 !== s2 || c1 !== c2 || k1 !== k2);
        expect(keys.consumerLink(s1, c1, k1).pk).not.toBe(keys.consumerLink(s2, c2, k2).pk);
        expect(keys.supplierLink(c1, s1, k1).pk).not.toBe(keys.supplierLink(c2, s2, k2).pk);
      }),
    );
  });

  it("key a partner account by the link under the supplier's site, never by an email", () => {
    expect(userKeys.partnerAccount(SUP, CON).pk.startsWith('SITE#sup#')).toBe(true);
    expect(userKeys.partnerAccount(SUP, CON)).not.toEqual(userKeys.userEmail(SUP, 'con'));
    expect(userKeys.partnerAccount(SUP, CON)).not.toEqual(userKeys.partnerAccount(CON, SUP));
    expect(() => userKeys.partnerAccount(SUP, 'con#EMAIL' as SiteId)).toThrow();
  });

  it('refuse ids that could forge another key', () => {
    expect(() => keys.consumerLink(SUP, 'con#Flights' as SiteId, 'x')).toThrow();
    expect(() => keys.supplierLink(CON, SUP, 'Flights#LINK')).toThrow();
  });
});
