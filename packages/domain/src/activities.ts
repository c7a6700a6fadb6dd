/**
 * Activities for agents and travellers (spec 001; docs/activities.md): the activity markup
 * of a customer group, the cart's statuses and who may move a cart between them, and the search defaults. Pure.
 */
import { addDays, daysBetween } from './dmc/kart/dates.ts';
import { isIsoDate } from './dmc/terms.ts';
import { round2, type AmountType } from './pricing.ts';

// ---------------------------------------------------------------------------------------------------
// Markup

/** A customer group's activity markup: a fixed amount per person, or a percentage of the rate engine's price. */
export interface ActivityMarkupRule {
  markupType: AmountType;
  markupValue: number;
}

export interface MarkedUpPrice {
  /** The rate engine's price (what the DMC pays): never shown to agents or travellers. */
  net: number;
  markup: number;
  /** What the customer is shown and charged. */
  price: number;
}

/**
 * The customer's price of an activity line: the engine's `net` for the party plus the group's markup. A fixed
 * markup is per paying person (adults + children: infants go free on every Dubai ticket we sell), a percentage
 * is of the net. No rule (or an inactive one): the net price.
 */
export function applyActivityMarkup(
  net: number,
  party: { adults: number; children: number },
  rule: ActivityMarkupRule | null,
): MarkedUpPrice {
  const persons = Math.max(0, party.adults) + Math.max(0, party.children);
  const markup = !rule ? 0 : rule.markupType === 'fixed' ? rule.markupValue * persons : (net * rule.markupValue) / 100;
  return { net: round2(net), markup: round2(markup), price: round2(net + markup) };
}

// ---------------------------------------------------------------------------------------------------
// Cart statuses

/**
 * The life of an activity cart, as a DMC runs it: the agent fills a `draft` and submits it; staff check
 * availability and confirm or reject it; a confirmed cart is vouchered once the supplier tickets are issued.
 * Either side may cancel before it is final.
 */
export const CART_STATUSES = ['draft', 'submitted', 'confirmed', 'rejected', 'vouchered', 'cancelled'] as const;
export type CartStatus = (typeof CART_STATUSES)[number];

/** Who asks: the cart's owner, staff of the site (with the manage permission), or both at once. */
export type CartActor = 'owner' | 'staff';

const OWNER: readonly CartActor[] = ['owner'];
const STAFF: readonly CartActor[] = ['staff'];
const BOTH: readonly CartActor[] = ['owner', 'staff'];

/** The allowed moves and who may make each. */
export const CART_MOVES: Readonly<Record<CartStatus, Partial<Record<CartStatus, readonly CartActor[]>>>> = {
  draft: { submitted: BOTH, cancelled: BOTH },
  // Withdrawing a submitted cart puts it back in draft for changes.
  submitted: { draft: BOTH, confirmed: STAFF, rejected: STAFF, cancelled: BOTH },
  // Once confirmed, the DMC holds the tickets: only staff can cancel it (their cancellation terms apply).
  confirmed: { vouchered: STAFF, cancelled: STAFF },
  // A rejected cart can be reworked by its owner and submitted again.
  rejected: { draft: OWNER },
  vouchered: { cancelled: STAFF },
  cancelled: {},
};

export const CART_STATUS_LABELS: Readonly<Record<CartStatus, string>> = {
  draft: 'Draft',
  submitted: 'Submitted',
  confirmed: 'Confirmed',
  rejected: 'Rejected',
  vouchered: 'Vouchered',
  cancelled: 'Cancelled',
};

export const CART_TEXT = {
  notAllowed: (from: CartStatus, to: CartStatus) =>
    `A ${CART_STATUS_LABELS[from].toLowerCase()} cart cannot be moved to ${CART_STATUS_LABELS[to].toLowerCase()} by you`,
  sameStatus: (s: CartStatus) => `The cart is already ${CART_STATUS_LABELS[s].toLowerCase()}`,
  empty: 'Add at least one activity before submitting the cart',
  notDraft: 'Only a draft cart can be changed; move it back to draft first',
} as const;

/** Where a cart can go next for these actors (what the screen offers). */
export function nextCartStatuses(from: CartStatus, actors: readonly CartActor[]): CartStatus[] {
  return CART_STATUSES.filter((to) => CART_MOVES[from][to]?.some((a) => actors.includes(a)));
}

/** Why a move is refused (null: allowed). A submit needs at least one activity. */
export function cartMoveProblem(
  from: CartStatus,
  to: CartStatus,
  actors: readonly CartActor[],
  itemCount: number,
): string | null {
  if (from === to) return CART_TEXT.sameStatus(to);
  if (!CART_MOVES[from][to]?.some((a) => actors.includes(a))) return CART_TEXT.notAllowed(from, to);
  if (to === 'submitted' && itemCount === 0) return CART_TEXT.empty;
  return null;
}

/** Lines, pax and dates change only while the cart is a draft (staff price and confirm what was submitted). */
export const cartEditable = (status: CartStatus): boolean => status === 'draft';

// ---------------------------------------------------------------------------------------------------
// Search and cart dates

/** Spec 001 §2: the search opens on today + 4 days, 1 adult, 0 children, 0 infants. */
export const ACTIVITY_SEARCH_DAYS = 4;
export const activitySearchDefaults = (today: string) => ({
  startDate: today,
  endDate: addDays(today, ACTIVITY_SEARCH_DAYS),
  adults: 1,
  children: 0,
  infants: 0,
});

/** The longest trip a cart covers (one cart is one stay in one destination). */
export const MAX_CART_DAYS = 60;
/** Most people on one cart. */
export const MAX_CART_PAX = 50;

export const ACTIVITY_DATE_TEXT = {
  invalid: 'Invalid date format',
  past: 'Dates cannot be in the past',
  order: 'End date must be on or after the start date',
  tooLong: `A cart covers at most ${MAX_CART_DAYS} days`,
  outside: 'The activity date must be within the cart dates',
  adults: 'At least 1 adult',
  tooMany: `At most ${MAX_CART_PAX} people on one cart`,
} as const;

/**
 * The days of a trip, first to last (ISO): what an activity can be booked on within a search or a cart. Empty for
 * a range that is no trip (reversed, or longer than a cart covers), so a caller never loops over a bad range.
 */
export function tripDays(startDate: string, endDate: string): string[] {
  if (!isIsoDate(startDate) || !isIsoDate(endDate) || endDate < startDate) return [];
  if (daysBetween(startDate, endDate) > MAX_CART_DAYS) return [];
  const days = [startDate];
  while (days[days.length - 1]! < endDate) days.push(addDays(days[days.length - 1]!, 1));
  return days;
}

/** Problems of a date range and party, by field (empty: fine). */
export function tripProblems(
  t: { startDate: string; endDate: string; adults: number; children: number; infants?: number },
  today: string,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!isIsoDate(t.startDate)) errors.startDate = ACTIVITY_DATE_TEXT.invalid;
  else if (t.startDate < today) errors.startDate = ACTIVITY_DATE_TEXT.past;
  if (!isIsoDate(t.endDate)) errors.endDate = ACTIVITY_DATE_TEXT.invalid;
  else if (!errors.startDate && t.endDate < t.startDate) errors.endDate = ACTIVITY_DATE_TEXT.order;
  else if (!errors.startDate && daysBetween(t.startDate, t.endDate) > MAX_CART_DAYS)
    errors.endDate = ACTIVITY_DATE_TEXT.tooLong;
  if (!(t.adults >= 1)) errors.adults = ACTIVITY_DATE_TEXT.adults;
  else if (t.adults + t.children + (t.infants ?? 0) > MAX_CART_PAX) errors.adults = ACTIVITY_DATE_TEXT.tooMany;
  return errors;
}

// ---------------------------------------------------------------------------------------------------
// The cart's party

export interface Party {
  adults: number;
  children: number;
}

/** `2 adults and 1 child`, `1 adult`: how a party reads in a sentence. */
export function partyLabel(p: Party): string {
  const adults = `${p.adults} adult${p.adults === 1 ? '' : 's'}`;
  return p.children ? `${adults} and ${p.children} ${p.children === 1 ? 'child' : 'children'}` : adults;
}

export const sameParty = (a: Party, b: Party): boolean => a.adults === b.adults && a.children === b.children;

/**
 * Whether adding for `requested` would change a cart's party: only a cart with lines (an empty one has nothing to
 * price again) whose party differs, unless the caller confirmed the change. Every line is priced for one party, so
 * a change reprices them all: it is the user's explicit choice, never a side effect of a search's defaults.
 */
export const partyChangeNeedsConfirming = (
  cart: Party & { items: readonly unknown[] },
  requested: Party,
  confirmed: boolean,
): boolean => !confirmed && cart.items.length > 0 && !sameParty(cart, requested);
