import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { keys } from '#lib/keys';

describe('supplier relationship keys', () => {
  it('store each side of a link under its own site', () => {
    expect(keys.consumerLink('sup', 'con', 'Flights').pk.startsWith('SITE#sup#')).toBe(true);
    expect(keys.supplierLink('con', 'sup', 'Flights').pk.startsWith('SITE#con#')).toBe(true);
    expect(keys.consumerLinksPk('sup').startsWith('SITE#sup#')).toBe(true);
    expect(keys.supplierLinksPk('con').startsWith('SITE#con#')).toBe(true);
    for (const k of [
      keys.supplierProfile('s1'),
      keys.apiCustomerRequest('s1', 'r1'),
      keys.supplierTermsAcceptance('s1', 's2'),
      keys.leRelation('s1', 'le'),
    ])
      expect(k.pk.startsWith('SITE#s1#')).toBe(true);
    expect(keys.apiCustomerRequestsByStatusPk('s1', 'Pending').startsWith('SITE#s1#')).toBe(true);
  });

  it('keep the directory the only global index, holding nothing but site ids', () => {
    expect(keys.supplierDirectoryIndex('s1')).toEqual({ gsi1pk: keys.supplierDirectoryPk(), gsi1sk: 's1' });
  });

  it('never give two links the same key on either side', () => {
    const id = fc.stringMatching(/^[a-z0-9-]{1,8}$/);
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
    expect(keys.partnerAccount('sup', 'con').pk.startsWith('SITE#sup#')).toBe(true);
    expect(keys.partnerAccount('sup', 'con')).not.toEqual(keys.userEmail('sup', 'con'));
    expect(keys.partnerAccount('sup', 'con')).not.toEqual(keys.partnerAccount('con', 'sup'));
    expect(() => keys.partnerAccount('sup', 'con#EMAIL')).toThrow();
  });

  it('refuse ids that could forge another key', () => {
    expect(() => keys.consumerLink('sup', 'con#Flights', 'x')).toThrow();
    expect(() => keys.supplierLink('con', 'sup', 'Flights#LINK')).toThrow();
  });
});
