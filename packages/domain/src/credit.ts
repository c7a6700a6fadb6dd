/**
 * Credit lines (docs/credit-lines.md): the pure rules of a wallet that may go below zero
 * down to its credit limit. Amounts here are whole paise, so sums are exact.
 *
 * The unpaid credit is tracked first-in-first-out without touching old draws when money comes in: every
 * draw covers a range [start, end) of the running total of credit ever drawn (`drawn`), and whatever credit
 * was repaid (`drawn − used`) pays those ranges from the oldest on. A credit (top-up, refund, Add Money)
 * therefore only raises the balance, and the oldest unpaid draw is the first whose `end` lies above the
 * repaid total: one comparison, exact, whatever order credits and debits came in.
 */

/** Alerts when credit left falls to or below these shares of the limit (percent), most severe last. */
export const CREDIT_ALERT_THRESHOLDS = [40, 20] as const;
export type CreditThreshold = (typeof CREDIT_ALERT_THRESHOLDS)[number];
/** The due-date reminder goes out this many days before a draw's due day. */
export const DUE_REMINDER_DAYS = 3;
/** Most credit days staff may give (a year). */
export const MAX_CREDIT_DAYS = 365;

export interface CreditState {
  /** Paise; below zero the difference is credit in use. */
  balance: number;
  /** Paise. */
  limit: number;
  /** Paise of credit ever drawn (the running total the draws' ranges refer to). */
  drawn: number;
}

/** One draw on credit: a range of the running total, due on a calendar day of the site. */
export interface CreditDraw {
  start: number;
  end: number;
  /** `YYYY-MM-DD` in the site's time zone. */
  dueDay: string;
}

export const creditUsed = (s: CreditState): number => Math.max(0, -s.balance);
export const creditLeft = (s: CreditState): number => Math.max(0, s.limit - creditUsed(s));
/** What a debit may take: the wallet plus the credit left. */
export const spendable = (s: CreditState): number => s.balance + s.limit;
/** Credit repaid so far: it has paid the draws' ranges below it. */
export const repaid = (s: CreditState): number => s.drawn - creditUsed(s);

/** What is still owed of a draw (0 once repaid). */
export const outstanding = (d: Pick<CreditDraw, 'start' | 'end'>, s: CreditState): number =>
  Math.max(0, d.end - Math.max(d.start, repaid(s)));

/** The draws still (partly) unpaid, oldest first, with what each still owes. */
export function unpaidDraws<D extends CreditDraw>(draws: readonly D[], s: CreditState): (D & { owed: number })[] {
  return draws.map((d) => ({ ...d, owed: outstanding(d, s) })).filter((d) => d.owed > 0);
}

/** The calendar day `days` after `day` (both `YYYY-MM-DD`; plain calendar arithmetic, no time zone). */
export function addCalendarDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** A draw made on the site's `drawDay` is due `creditDays` later (due that whole day, overdue the next). */
export const dueDayOf = (drawDay: string, creditDays: number): string => addCalendarDays(drawDay, creditDays);

export const isOverdue = (dueDay: string | null | undefined, today: string): boolean => !!dueDay && today > dueDay;

/** Whether the due-date reminder belongs to `today`: from 3 days before the due day up to the day itself. */
export const remindDue = (dueDay: string, today: string): boolean =>
  today <= dueDay && today >= addCalendarDays(dueDay, -DUE_REMINDER_DAYS);

const leftAtOrBelow = (s: CreditState, pct: number) => s.limit > 0 && creditLeft(s) * 100 <= pct * s.limit;

/**
 * The most severe threshold crossed downwards from `before` to `after` (null if none): once per crossing,
 * because only a move from above to at-or-below counts; a repayment back above re-arms it by itself.
 */
export function crossedThreshold(before: CreditState, after: CreditState): CreditThreshold | null {
  let crossed: CreditThreshold | null = null;
  for (const t of CREDIT_ALERT_THRESHOLDS)
    if (before.limit > 0 && !leftAtOrBelow(before, t) && leftAtOrBelow(after, t)) crossed = t;
  return crossed;
}

export type CreditMovement =
  /** Any money in: a top-up, staff Add Money, a refund, an approved offline transfer. Never refused. */
  | { kind: 'credit'; amount: number }
  /**
   * Money out (`oldestDueDay`: the earliest due day among the unpaid draws, or one already past). A booking is
   * refused while an unpaid draw is overdue; a staff adjustment is not
   * (it corrects the books). Neither may go past wallet + credit left.
   */
  | { kind: 'debit'; amount: number; purpose: 'booking' | 'adjustment'; today: string; oldestDueDay: string | null }
  /** Staff set the limit; never below the credit already in use (the books would owe more than allowed). */
  | { kind: 'limit'; limit: number };

export type CreditRefusal = 'overdue' | 'overLimit' | 'insufficient' | 'limitBelowUsed';

export type CreditOutcome =
  | { ok: true; next: CreditState; draw: { start: number; end: number } | null; alert: CreditThreshold | null }
  | { ok: false; reason: CreditRefusal };

/** The next state after a movement, or why it is refused. Amounts are positive whole paise. */
export function applyCreditMovement(s: CreditState, m: CreditMovement): CreditOutcome {
  if (m.kind === 'credit') {
    return { ok: true, next: { ...s, balance: s.balance + m.amount }, draw: null, alert: null };
  }
  if (m.kind === 'limit') {
    if (m.limit < creditUsed(s)) return { ok: false, reason: 'limitBelowUsed' };
    const next = { ...s, limit: m.limit };
    return { ok: true, next, draw: null, alert: crossedThreshold(s, next) };
  }
  if (m.purpose === 'booking' && isOverdue(m.oldestDueDay, m.today)) return { ok: false, reason: 'overdue' };
  // 'insufficient' keeps the old answer (and message) for a wallet without a credit line.
  if (m.amount > spendable(s)) return { ok: false, reason: s.limit > 0 ? 'overLimit' : 'insufficient' };
  const next = { ...s, balance: s.balance - m.amount };
  const drawnNow = creditUsed(next) - creditUsed(s);
  if (drawnNow > 0) next.drawn = s.drawn + drawnNow;
  return {
    ok: true,
    next,
    draw: drawnNow > 0 ? { start: s.drawn, end: next.drawn } : null,
    alert: crossedThreshold(s, next),
  };
}

/** Rupees (2 decimals) to paise and back, exactly for amounts the ledger stores. */
export const toPaise = (rupees: number): number => Math.round(rupees * 100);
export const toRupees = (paise: number): number => paise / 100;

/** What the agent sees of a credit line, in rupees; derived alerts are "open" while their condition holds. */
export interface CreditSummary {
  creditUsed: number;
  creditLeft: number;
  oldestDueDay: string | null;
  oldestDueAmount: number;
  overdue: boolean;
  alerts: CreditAlert[];
}

export type CreditAlert =
  | { kind: 'overdue'; dueDay: string; amount: number }
  | { kind: 'dueSoon'; dueDay: string; amount: number }
  | { kind: 'lowCredit'; threshold: CreditThreshold; creditLeft: number };

/**
 * The summary of a state and its oldest unpaid draw (owed in paise), for `today` in the site's zone. `late` is
 * an unpaid draw past its due day when the oldest is not (credit days shortened after the older draws).
 */
export function creditSummary(
  s: CreditState,
  oldest: { dueDay: string; owed: number } | null,
  today: string,
  late: { dueDay: string; owed: number } | null = null,
): CreditSummary {
  const alerts: CreditAlert[] = [];
  const pastDue =
    oldest && isOverdue(oldest.dueDay, today) ? oldest : late && isOverdue(late.dueDay, today) ? late : null;
  const overdue = !!pastDue;
  if (pastDue) alerts.push({ kind: 'overdue', dueDay: pastDue.dueDay, amount: toRupees(pastDue.owed) });
  else if (oldest && remindDue(oldest.dueDay, today))
    alerts.push({ kind: 'dueSoon', dueDay: oldest.dueDay, amount: toRupees(oldest.owed) });
  const low = [...CREDIT_ALERT_THRESHOLDS].reverse().find((t) => leftAtOrBelow(s, t));
  if (low) alerts.push({ kind: 'lowCredit', threshold: low, creditLeft: toRupees(creditLeft(s)) });
  return {
    creditUsed: toRupees(creditUsed(s)),
    creditLeft: toRupees(creditLeft(s)),
    oldestDueDay: oldest?.dueDay ?? null,
    oldestDueAmount: oldest ? toRupees(oldest.owed) : 0,
    overdue,
    alerts,
  };
}
