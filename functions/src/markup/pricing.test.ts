import { describe, expect, it, vi } from 'vitest';
import { TDS_ON_COMMISSION_RATE } from '@tp/domain/pricing';
import type { Principal } from '#lib/principal';
import type { SiteRecord } from '#lib/tenancy';
import { pricingContextFor, pricingContextForConsumer, type PricingDeps } from './pricing.ts';
import type { MarkupRuleRecord, PricingRelation } from './rules-repo.ts';

const site = { siteId: 's1', ownerLegalEntityId: 'le-owner' } as SiteRecord;
const principal = (userType: Principal['userType'], legalEntityId = 'le-x') =>
  ({ userType, legalEntityId }) as Principal;
const rule = (kind: MarkupRuleRecord['kind'], markupValue: number, extra: Partial<MarkupRuleRecord> = {}) =>
  ({
    kind,
    markupType: 'fixed',
    markupValue,
    discountType: 'fixed',
    discountValue: 0,
    applyPer: 'passenger',
    ...extra,
  }) as MarkupRuleRecord;

const RULES: Record<string, MarkupRuleRecord[]> = {
  'g-default': [rule('default', 150), rule('airline', 2, { airlineCode: 'AI' })],
  'g-gold': [rule('default', 75), rule('fixedDeparture', 999, { origin: 'DEL', destination: 'BOM' })],
};

function deps(relation: Partial<PricingRelation>) {
  const d = {
    pricingRelation: vi.fn(async () => ({
      mappedGroupId: null,
      defaultGroupId: 'g-default',
      isTdsDeductable: false,
      ...relation,
    })),
    groupRules: vi.fn(async (_s: string, groupId: string) => RULES[groupId] ?? []),
  };
  return d satisfies PricingDeps;
}

describe('pricingContextFor', () => {
  it('uses the mapped group, in one relation read and one rules read', async () => {
    const d = deps({ mappedGroupId: 'g-gold' });
    const ctx = await pricingContextFor(site, principal('travelAgent', 'le-agent'), d);
    expect(d.pricingRelation).toHaveBeenCalledExactlyOnceWith('s1', 'le-owner', 'le-agent');
    expect(d.groupRules).toHaveBeenCalledExactlyOnceWith('s1', 'g-gold');
    expect(ctx.defaultRule?.markupValue).toBe(75);
    // Fixed-departure rules do not price searches.
    expect(ctx.airlineRules).toEqual({});
    expect(ctx).toMatchObject({ gstRate: 0.18, earnsCommission: true, tdsRate: 0 });
  });

  it('falls back to the default group; retail earns no commission', async () => {
    const ctx = await pricingContextFor(site, principal('retail'), deps({}));
    expect(ctx.defaultRule?.markupValue).toBe(150);
    expect(Object.keys(ctx.airlineRules)).toEqual(['AI']);
    expect(ctx.earnsCommission).toBe(false);
  });

  it('corporates and staff earn commission; staff without a legal entity price as the owner', async () => {
    expect((await pricingContextFor(site, principal('corporate'), deps({}))).earnsCommission).toBe(true);
    const d = deps({});
    expect((await pricingContextFor(site, principal('staff', ''), d)).earnsCommission).toBe(true);
    expect(d.pricingRelation).toHaveBeenCalledWith('s1', 'le-owner', 'le-owner');
  });

  it('withholds TDS when the relation says so', async () => {
    const ctx = await pricingContextFor(site, principal('travelAgent'), deps({ isTdsDeductable: true }));
    expect(ctx.tdsRate).toBe(TDS_ON_COMMISSION_RATE);
  });

  it('without any group, adds no markup and reads no rules', async () => {
    const d = deps({ defaultGroupId: null });
    const ctx = await pricingContextFor(site, principal('retail'), d);
    expect(ctx.defaultRule).toBeNull();
    expect(d.groupRules).not.toHaveBeenCalled();
  });
});

describe('pricingContextForConsumer', () => {
  it("prices with the consumer's group at the supplier, commission passed on", async () => {
    const d = deps({ mappedGroupId: 'g-gold', isTdsDeductable: true });
    const ctx = await pricingContextForConsumer(site, 'le-consumer', d);
    expect(d.pricingRelation).toHaveBeenCalledWith('s1', 'le-owner', 'le-consumer');
    expect(ctx).toMatchObject({
      earnsCommission: true,
      tdsRate: TDS_ON_COMMISSION_RATE,
      defaultRule: { markupValue: 75 },
    });
  });
});
