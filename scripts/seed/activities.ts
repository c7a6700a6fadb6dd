/**
 * Activity demo data on Flight Deals: a 10 % activity markup for the 'B2B Gold' group (the
 * demo agent's), and demo carts in several statuses for the demo agent and retail customer, priced from the Dubai
 * demo rates by the rate engine plus the owner's group markup, as the API prices them. Fixed ids, written through
 * the cart store with their status counts; a cart already there is left alone (seeding again never duplicates).
 */
import { applyActivityMarkup, type ActivityMarkupRule, type CartStatus } from '@tp/domain/activities';
import { addCalendarDays as addDays } from '@tp/domain/credit';
import { priceTourOption } from '@tp/domain/dmc';
import { asSiteId, type SiteId } from '../../functions/src/lib/keys.ts';
import * as repo from '../../functions/src/activities/repo.ts';
import type { CartItemRecord, CartRecord } from '../../functions/src/activities/repo.ts';
import * as markup from '../../functions/src/markup/service.ts';
import { getUser, userIdByEmail } from '../../functions/src/users/repo.ts';
import { DUBAI_DEMO as D } from './dmc-dubai.ts';
import { DEMO_SITES } from './sites.ts';

const SITE = DEMO_SITES.find((s) => s.siteId === D.siteId)!;
const MARKET = D.markets[0]!; // the default market
const AT = '2026-11-20T08:00:00.000Z';
const GOLD_MARKUP: ActivityMarkupRule = { markupType: 'percent', markupValue: 10 };

/** One priced cart line (the rate engine's price with the owner's markup), as the API adds it. */
export function demoCartLine(
  id: string,
  tourOptionId: string,
  date: string,
  party: { adults: number; children: number },
  rule: ActivityMarkupRule | null,
): CartItemRecord {
  const tourOption = D.tourOptions.find((o) => o.id === tourOptionId)!;
  const activity = D.activities.find((a) => a.id === tourOption.activityId)!;
  const p = priceTourOption(
    {
      tourOption,
      ticketRates: D.ticketRates.filter((r) => r.tourOptionId === tourOptionId),
      transferRates: D.transferRates.filter((r) => r.tourOptionId === tourOptionId),
      stopSales: D.stopSales.filter((s) => s.tourOptionId === tourOptionId),
    },
    MARKET,
    { date, ...party, transfer: null },
  );
  if (!p.available) throw new Error(`demo cart: ${tourOptionId} on ${date}: ${p.reason.message}`);
  return {
    itemId: id,
    activityId: activity.id,
    activityName: activity.name,
    tourOptionId,
    tourOptionName: tourOption.name,
    date,
    ...party,
    ...applyActivityMarkup(p.price, party, rule),
    currency: p.currency,
  };
}

interface DemoCart {
  id: string;
  reference: string;
  owner: string;
  status: CartStatus;
  adults: number;
  children: number;
  remarks: string;
  lines: [tourOptionId: string, date: string][];
  /**
   * The cart a user keeps adding to (the draft) is dated from the seed day, its lines `date` days after it: a
   * search from today (4 days out) then widens it within the 60-day cart limit whatever the day the demo runs.
   */
  fromSeedDay?: { start: number; end: number };
}

const START = '2027-01-15';
const END = '2027-01-19';
const DEMO_CARTS: DemoCart[] = [
  {
    id: 'dmc-cart-demo-draft',
    reference: 'A20261120-DEMO01',
    owner: 'agent',
    status: 'draft',
    adults: 2,
    children: 1,
    remarks: '',
    lines: [['dmc-to-burj-khalifa-l124-non-prime', '15']],
    fromSeedDay: { start: 14, end: 18 },
  },
  {
    id: 'dmc-cart-demo-submitted',
    reference: 'A20261120-DEMO02',
    owner: 'agent',
    status: 'submitted',
    adults: 2,
    children: 0,
    remarks: 'Honeymoon couple, staying at Rove Downtown',
    lines: [
      ['dmc-to-desert-safari-evening-sic', '2027-01-15'],
      ['dmc-to-dhow-marina-dinner', '2027-01-17'],
    ],
  },
  {
    id: 'dmc-cart-demo-confirmed',
    reference: 'A20261120-DEMO03',
    owner: 'agent',
    status: 'confirmed',
    adults: 4,
    children: 2,
    remarks: 'Two families; one vegetarian',
    lines: [
      ['dmc-to-burj-khalifa-l124-non-prime', '2027-01-16'],
      ['dmc-to-desert-safari-evening-sic', '2027-01-18'],
    ],
  },
  {
    id: 'dmc-cart-demo-vouchered',
    reference: 'A20261120-DEMO04',
    owner: 'retail',
    status: 'vouchered',
    adults: 2,
    children: 0,
    remarks: '',
    lines: [['dmc-to-dhow-marina-dinner', '2027-01-16']],
  },
];

/** Sets the 'B2B Gold' group's activity markup (10 %) unless it has one. */
async function seedMarkup(siteId: SiteId): Promise<string | null> {
  const gold = (await markup.listGroups({ site: SITE, now: new Date() })).find((g) => g.groupName === 'B2B Gold');
  if (!gold) return null;
  if (!(await repo.markupOfGroup(siteId, gold.id)))
    await repo.putMarkup(
      siteId,
      { id: 'dmc-actmarkup-b2b-gold', groupId: gold.id, ...GOLD_MARKUP, isActive: true, createdAt: AT, updatedAt: AT },
      null,
    );
  return gold.id;
}

/** The demo site's vouchered carts: their invoices are issued with the invoice settings (scripts/seed/invoices.ts). */
export const VOUCHERED_DEMO_CARTS = {
  siteId: asSiteId(D.siteId),
  ids: DEMO_CARTS.filter((c) => c.status === 'vouchered').map((c) => c.id),
};

/** The demo carts for their owners (pure: what the seed writes). */
export function demoCarts(
  owners: Record<string, { userId: string; name: string } | null>,
  today = new Date().toISOString().slice(0, 10),
): CartRecord[] {
  return DEMO_CARTS.flatMap((c) => {
    const owner = owners[c.owner];
    if (!owner) return [];
    // The demo agent is in 'B2B Gold' (seedGroups): its carts carry the group's markup.
    const rule = c.owner === 'agent' ? GOLD_MARKUP : null;
    const party = { adults: c.adults, children: c.children };
    const from = c.fromSeedDay;
    const dateOf = (date: string) => (from ? addDays(today, Number(date)) : date);
    return [
      {
        id: c.id,
        version: 1,
        reference: c.reference,
        userId: owner.userId,
        userName: owner.name,
        status: c.status,
        startDate: from ? addDays(today, from.start) : START,
        endDate: from ? addDays(today, from.end) : END,
        ...party,
        remarks: c.remarks,
        items: c.lines.map(([option, date], i) => demoCartLine(`${c.id}-${i + 1}`, option, dateOf(date), party, rule)),
        kartId: null,
        createdAt: AT,
        updatedAt: AT,
      },
    ];
  });
}

export async function seedActivities(): Promise<number> {
  const siteId = asSiteId(D.siteId);
  await seedMarkup(siteId);
  const owners: Record<string, { userId: string; name: string } | null> = {};
  for (const local of new Set(DEMO_CARTS.map((c) => c.owner))) {
    const userId = await userIdByEmail(siteId, `${local}@${SITE.domain}`);
    const user = userId ? await getUser(siteId, userId) : null;
    owners[local] = user
      ? { userId: user.userId, name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email }
      : null;
  }
  let written = 0;
  for (const cart of demoCarts(owners))
    if (!(await repo.getCart(siteId, cart.id)) && (await repo.saveCart(siteId, null, cart))) written++;
  return written;
}
