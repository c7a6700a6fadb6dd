/**
 * Demo markup rules on Flight Deals, made through the markup service: the Default group adds ₹150 per
 * passenger (2 % on Air India, less a ₹50 discount); 'B2B Gold' (the demo agent's group) adds less.
 * Idempotent: a slot that already holds a rule (seeded, or set by staff since) is left as it is.
 */
import type { TSaveAirlineMarkup, TSaveDefaultMarkup } from '@tp/contracts/endpoints/markup';
import * as markup from '../../functions/src/markup/service.ts';
import { saveRule } from '../../functions/src/markup/rules.ts';
import { slotHolder } from '../../functions/src/markup/rules-repo.ts';
import { DEMO_SITES } from './sites.ts';
import { seedPrincipal } from './actor.ts';
import { asSiteId, type SiteId } from '../../functions/src/lib/keys.ts';

type Rule = Omit<TSaveDefaultMarkup, 'groupId' | 'markupId'>;
const perPassenger = (markupValue: number): Rule => ({
  markupType: 'fixed',
  markupValue,
  discountType: 'fixed',
  discountValue: 0,
  applyPer: 'passenger',
});

export const DEMO_MARKUPS: {
  siteId: SiteId;
  group: string;
  defaultRule: Rule;
  airlines: Omit<TSaveAirlineMarkup, 'groupId' | 'markupId'>[];
}[] = [
  {
    siteId: asSiteId('site-flightdeals'),
    group: 'Default',
    defaultRule: perPassenger(150),
    airlines: [
      {
        airlineCode: 'AI',
        markupType: 'percent',
        markupValue: 2,
        discountType: 'fixed',
        discountValue: 50,
        applyPer: 'booking',
      },
    ],
  },
  { siteId: asSiteId('site-flightdeals'), group: 'B2B Gold', defaultRule: perPassenger(75), airlines: [] },
];

export async function seedMarkups(): Promise<void> {
  const now = new Date();
  for (const { siteId, group, defaultRule, airlines } of DEMO_MARKUPS) {
    const site = DEMO_SITES.find((s) => s.siteId === siteId);
    if (!site) continue;
    const scope = { site, now, principal: seedPrincipal(site) };
    const groupId = (await markup.listGroups(scope)).find((g) => g.groupName === group)?.id;
    if (!groupId) continue;
    if (!(await slotHolder(siteId, groupId, 'default', 'ALL')))
      await saveRule(scope, { kind: 'default', input: { groupId, ...defaultRule } });
    for (const a of airlines)
      if (!(await slotHolder(siteId, groupId, 'airline', a.airlineCode)))
        await saveRule(scope, { kind: 'airline', input: { groupId, ...a } });
  }
}
