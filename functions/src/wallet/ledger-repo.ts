/**
 * The wallet ledger: one balance item per legal entity and one entry per movement (domain.md
 * "Wallet"). Money moves exactly once because every movement is a transaction of
 *   - the entry, put only if its id was never used (the id is the idempotency key, e.g.
 *     `order-<orderId>-debit`), and
 *   - the balance. A credit adds to it blindly (and bumps `version`); a debit or a credit-line change
 *     is computed by the pure rules (packages/domain/src/credit.ts: wallet first, then credit; refused
 *     when overdue or past the limit) and written only if `version` is still the one read, else read
 *     and tried again. The item keeps `available` (= balance + creditLimit) for reports, and `drawn`,
 *     the running total of credit drawn, that the draw items' ranges refer to (FIFO repayment).
 * Callers compose these items with their own (an order's state change) in one TransactWrite, so a
 * debit and the order it pays for can never be written apart. What the ledger does not know, its caller
 * (ledger.ts) gives: the site's calendar day of a debit, and the items a low-credit crossing writes.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@tp/contracts/platform';
import {
  applyCreditMovement,
  creditUsed,
  dueDayOf,
  DUE_REMINDER_DAYS,
  isOverdue,
  outstanding,
  repaid,
  spendable,
  toPaise,
  toRupees,
  type CreditState,
  type CreditThreshold,
} from '@tp/domain/credit';
import { round2 } from '@tp/domain/pricing';
import {
  db,
  queryAll,
  queryPage,
  tableName,
  conditionFailedAt,
  transactOrCancellations,
  writeOrFalse,
  type TransactItem,
} from '#lib/db';
import type { SiteId } from '#lib/keys';
import { dayStartInZone } from '#lib/time';
import { deadlineItem } from '../deadlines/index.ts';
import { walletKeys } from './keys.ts';

export type WalletEntryKind =
  | 'topUp' // staff Add Money, gateway top-up
  | 'booking' // a booking paid from the wallet
  | 'refund' // a failed booking or a change request credited back
  | 'adjustment';

export interface WalletMovement {
  siteId: SiteId;
  legalEntityId: string;
  /** Idempotency key: the same id never moves money twice. */
  entryId: string;
  /** Positive amount; the direction is given by debit/credit. */
  amount: number;
  currency: string;
  kind: WalletEntryKind;
  remark: string;
  /** Who caused it (user id) and what it belongs to (order, booking, payment). */
  byUserId: string;
  reference?: { orderId?: string; bookingId?: string; pnr?: string; paymentId?: string };
  now: Date;
}

export interface WalletBalance {
  balance: number;
  creditLimit: number;
  currency: string;
}

/** The balance item as stored (read consistently: every movement starts from it); undefined before the first. */
async function balanceItem(siteId: SiteId, legalEntityId: string) {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: walletKeys.walletBalance(siteId, legalEntityId),
      ConsistentRead: true,
    }),
  );
  return Item;
}

export async function balanceOf(siteId: SiteId, legalEntityId: string): Promise<WalletBalance> {
  const Item = await balanceItem(siteId, legalEntityId);
  return {
    balance: Number(Item?.balance ?? 0),
    creditLimit: Number(Item?.creditLimit ?? 0),
    currency: String(Item?.currency ?? 'INR'),
  };
}

/**
 * A wallet entry's put, `signed` (rupees: + credit, − debit). Pure: the ledger's moves and the data-volume generator
 * write it alike (the generator computes the running balance itself and puts the balance item once, last).
 */
export function entryItem(m: WalletMovement, signed: number): TransactItem {
  const createdAt = m.now.toISOString();
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...walletKeys.walletEntry(m.siteId, m.legalEntityId, m.entryId),
        ...walletKeys.walletEntriesIndex(m.siteId, m.legalEntityId, createdAt, m.entryId),
        ...walletKeys.siteWalletEntriesIndex(m.siteId, createdAt, m.entryId),
        type: 'walletEntry',
        siteId: m.siteId,
        legalEntityId: m.legalEntityId,
        entryId: m.entryId,
        amount: signed,
        currency: m.currency,
        kind: m.kind,
        remark: m.remark,
        byUserId: m.byUserId,
        ...(m.reference ?? {}),
        createdAt,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** Items that credit a wallet (creating the balance item on first use). Never refused. */
export function creditItems(m: WalletMovement): TransactItem[] {
  const amount = round2(m.amount);
  if (!(amount > 0)) throw new Error('credit amount must be positive');
  const walletsIndex = walletKeys.siteWalletsIndex(m.siteId, m.legalEntityId);
  return [
    entryItem(m, amount),
    {
      Update: {
        TableName: tableName(),
        Key: walletKeys.walletBalance(m.siteId, m.legalEntityId),
        // A credit stays a blind addition (callers compose it into their own transactions): it repays the
        // oldest draws by itself (packages/domain/src/credit.ts). It bumps the version so a debit computed
        // on the state before it is written again.
        UpdateExpression:
          'SET balance = if_not_exists(balance, :zero) + :a, available = if_not_exists(available, :zero) + :a, creditLimit = if_not_exists(creditLimit, :zero), currency = if_not_exists(currency, :c), updatedAt = :t, legalEntityId = :le, gsi1pk = :wpk, gsi1sk = :wsk ADD version :one',
        ExpressionAttributeValues: {
          ':a': amount,
          ':zero': 0,
          ':one': 1,
          ':c': m.currency,
          ':t': m.now.toISOString(),
          ':le': m.legalEntityId,
          // Lists every wallet of the site (balances report) without a scan.
          ':wpk': walletsIndex.gsi1pk,
          ':wsk': walletsIndex.gsi1sk,
        },
      },
    },
  ];
}

/**
 * The balance item of a wallet without a credit line, whole, as the ledger's credits and debits leave it after
 * `version` moves ending at `balance` (rupees) on `now`: balance, available, no limit or drawn amount, the currency,
 * the site's wallets index. Pure: for writers that compute the running balance themselves (the data-volume
 * generator), where the ledger moves it one entry at a time.
 */
export function walletBalanceItem(p: {
  siteId: SiteId;
  legalEntityId: string;
  balance: number;
  currency: string;
  version: number;
  now: Date;
}): Record<string, unknown> {
  if (!(p.balance >= 0)) throw new Error('a wallet without a credit line never goes below zero');
  return {
    ...walletKeys.walletBalance(p.siteId, p.legalEntityId),
    ...walletKeys.siteWalletsIndex(p.siteId, p.legalEntityId),
    balance: round2(p.balance),
    available: round2(p.balance),
    creditLimit: 0,
    drawn: 0,
    currency: p.currency,
    updatedAt: p.now.toISOString(),
    legalEntityId: p.legalEntityId,
    version: p.version,
  };
}

// ---------------------------------------------------------------------------------------------------
// Credit lines: the balance item as a versioned state (docs/credit-lines.md)

/** The balance item as the credit rules see it; `version` null on an item no versioned write touched yet. */
export interface CreditLine {
  exists: boolean;
  version: number | null;
  state: CreditState;
  creditDays: number;
  currency: string;
}

export async function creditLineOf(siteId: SiteId, legalEntityId: string): Promise<CreditLine> {
  const Item = await balanceItem(siteId, legalEntityId);
  return {
    exists: !!Item,
    version: Item?.version === undefined ? null : Number(Item.version),
    state: {
      balance: toPaise(Number(Item?.balance ?? 0)),
      limit: toPaise(Number(Item?.creditLimit ?? 0)),
      drawn: toPaise(Number(Item?.drawn ?? 0)),
    },
    creditDays: Number(Item?.creditDays ?? 0),
    currency: String(Item?.currency ?? 'INR'),
  };
}

export interface StoredDraw {
  entryId: string;
  start: number;
  end: number;
  amount: number;
  drawnAt: string;
  dueDay: string;
  remindedAt?: string;
}

const toDraw = (i: Record<string, unknown>): StoredDraw => ({
  entryId: String(i.entryId),
  start: Number(i.start),
  end: Number(i.end),
  amount: Number(i.amount),
  drawnAt: String(i.drawnAt),
  dueDay: String(i.dueDay),
  ...(typeof i.remindedAt === 'string' ? { remindedAt: i.remindedAt } : {}),
});

/** The oldest draw not yet repaid (null when no credit is in use): the first whose range ends above the repaid total. */
export async function oldestUnpaidDraw(siteId: SiteId, legalEntityId: string, s: CreditState) {
  if (creditUsed(s) === 0) return null;
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk > :repaid',
      ExpressionAttributeValues: {
        ':pk': walletKeys.creditDrawsPk(siteId, legalEntityId),
        ':repaid': walletKeys.creditDraw(siteId, legalEntityId, repaid(s)).sk,
      },
      Limit: 1,
      ConsistentRead: true,
    }),
  );
  const d = Items?.[0] ? toDraw(Items[0]) : null;
  return d ? { ...d, owed: outstanding(d, s) } : null;
}

export type OwedDraw = StoredDraw & { owed: number };

/** The first unpaid draw after `afterEnd` already past its due day (credit days shortened since the older draws). */
async function overdueAfter(siteId: SiteId, legalEntityId: string, afterEnd: number, today: string) {
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk > :after',
        FilterExpression: 'dueDay < :today',
        ExpressionAttributeValues: {
          ':pk': walletKeys.creditDrawsPk(siteId, legalEntityId),
          ':after': walletKeys.creditDraw(siteId, legalEntityId, afterEnd).sk,
          ':today': today,
        },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    if (page.Items?.[0]) return toDraw(page.Items[0]);
    start = page.LastEvaluatedKey;
  } while (start);
  return null;
}

/**
 * What is owed and when: the oldest unpaid draw (the FIFO head the agent sees) and the first unpaid draw past
 * its due day, if any (usually the oldest; a later one when staff shortened the credit days in between).
 */
export async function unpaidDue(
  siteId: SiteId,
  legalEntityId: string,
  s: CreditState,
  today: string,
): Promise<{ oldest: OwedDraw | null; overdue: OwedDraw | null }> {
  const oldest = await oldestUnpaidDraw(siteId, legalEntityId, s);
  if (!oldest) return { oldest: null, overdue: null };
  if (isOverdue(oldest.dueDay, today)) return { oldest, overdue: oldest };
  const late = await overdueAfter(siteId, legalEntityId, oldest.end, today);
  return { oldest, overdue: late ? { ...late, owed: outstanding(late, s) } : null };
}

/** A legal entity's draws oldest first (all of them: the model test and the agent's statement read them). */
export async function drawsOf(siteId: SiteId, legalEntityId: string): Promise<StoredDraw[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': walletKeys.creditDrawsPk(siteId, legalEntityId) },
    ConsistentRead: true,
  });
  return items.map(toDraw);
}

/** Every site's draws due on a day, from the due-day index the deadline index replaced (the backfill's). */
export async function drawsDueOn(dueDay: string) {
  const gsi = TABLE.indexes.gsi2;
  const items = await queryAll({
    IndexName: gsi.name,
    KeyConditionExpression: `${gsi.partitionKey} = :pk`,
    ExpressionAttributeValues: { ':pk': walletKeys.creditDuePk(dueDay) },
  });
  return items.map((i) => ({ siteId: i.siteId as SiteId, legalEntityId: String(i.legalEntityId), ...toDraw(i) }));
}

/** Marks a draw reminded once; false when another run did it first. */
export const markDrawReminded = (siteId: SiteId, legalEntityId: string, end: number, now: Date) =>
  writeOrFalse(
    new UpdateCommand({
      TableName: tableName(),
      Key: walletKeys.creditDraw(siteId, legalEntityId, end),
      UpdateExpression: 'SET remindedAt = :t',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(remindedAt)',
      ExpressionAttributeValues: { ':t': now.toISOString() },
    }),
  );

/** The write of a new state onto the balance item, only if nobody changed it since it was read. */
function stateUpdate(
  m: { siteId: SiteId; legalEntityId: string; now: Date },
  line: CreditLine,
  next: CreditState,
  set: Record<string, unknown> = {},
): TransactItem {
  const values: Record<string, unknown> = {
    ':b': toRupees(next.balance),
    ':l': toRupees(next.limit),
    ':av': toRupees(spendable(next)),
    ':d': toRupees(next.drawn),
    ':nv': (line.version ?? 0) + 1,
    ':t': m.now.toISOString(),
  };
  const extra = Object.entries(set).map(([k, v], i) => {
    values[`:x${i}`] = v;
    return `${k} = :x${i}`;
  });
  if (line.version !== null) values[':v'] = line.version;
  return {
    Update: {
      TableName: tableName(),
      Key: walletKeys.walletBalance(m.siteId, m.legalEntityId),
      UpdateExpression: [
        'SET balance = :b, creditLimit = :l, available = :av, drawn = :d, version = :nv, updatedAt = :t',
        ...extra,
      ].join(', '),
      ConditionExpression:
        line.version !== null
          ? 'version = :v'
          : line.exists
            ? 'attribute_exists(pk) AND attribute_not_exists(version)'
            : 'attribute_not_exists(pk)',
      ExpressionAttributeValues: values,
    },
  };
}

/** When a draw's due-date reminder falls due: the site's day 3 days before the due day starts, or now if later. */
export function dueReminderAt(dueDay: string, timeZone: string, now: Date): string {
  const from = dayStartInZone(dueDay, timeZone, -DUE_REMINDER_DAYS);
  const nowIso = now.toISOString();
  return from > nowIso ? from : nowIso;
}

/**
 * A new draw and its due-date reminder, a deadline of the index (functions/src/deadlines): due when the site's day
 * 3 days before the due day starts, or at once when that has passed (short credit days).
 */
function drawItems(
  m: WalletMovement,
  draw: { start: number; end: number },
  dueDay: string,
  timeZone: string,
): TransactItem[] {
  const nowIso = m.now.toISOString();
  return [
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...walletKeys.creditDraw(m.siteId, m.legalEntityId, draw.end),
          type: 'creditDraw',
          siteId: m.siteId,
          legalEntityId: m.legalEntityId,
          entryId: m.entryId,
          start: draw.start,
          end: draw.end,
          amount: toRupees(draw.end - draw.start),
          drawnAt: nowIso,
          dueDay,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    deadlineItem({
      kind: 'creditDueReminder',
      siteId: m.siteId,
      ref: `${m.legalEntityId}.${draw.end}`,
      dueAt: dueReminderAt(dueDay, timeZone, m.now),
      data: { legalEntityId: m.legalEntityId, end: String(draw.end) },
    }),
  ];
}

/** One draw as stored (the due-date reminder reads it when its deadline falls due). */
export async function getDraw(siteId: SiteId, legalEntityId: string, end: number): Promise<StoredDraw | null> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: walletKeys.creditDraw(siteId, legalEntityId, end),
      ConsistentRead: true,
    }),
  );
  return Item ? toDraw(Item) : null;
}

/** Versioned writes are read and tried again this often before the caller hears 'conflict'. */
export const MAX_VERSION_TRIES = 12;

/** Cancellation codes per item, conflicts with a concurrent transaction included (those are retried). */
const attempt = (items: TransactItem[]) => transactOrCancellations(items, { conflicts: 'answer' });
const retryable = (code: string | undefined) => code === 'ConditionalCheckFailed' || code === 'TransactionConflict';
/** Versioned writes read again after a conflict, counted since the module loaded (the model test shows they happen). */
export const versionRetries = { count: 0 };
/**
 * The wait before a versioned write is read and tried again: exponential with full jitter. Writers that
 * collided on one balance (parallel bookings of one agency) spread apart quickly instead of reading and
 * colliding again in step; a short linear wait let them collide until the tries ran out under load.
 */
const RETRY_BASE_MS = 10;
const RETRY_CAP_MS = 1_000;
const pause = (tries: number) =>
  new Promise((r) => setTimeout(r, Math.random() * Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** tries)));

export type MoveResult = 'done' | 'duplicate' | 'insufficient' | 'overLimit' | 'overdue' | 'conflict';

/** A movement that left the credit at or below a low-credit threshold: what the caller may tell the customer. */
export interface CreditCrossing {
  siteId: SiteId;
  legalEntityId: string;
  /** The movement's own id (the entry id, or `limit-<changeId>` for a credit line change): one alert per crossing. */
  movementId: string;
  threshold: CreditThreshold;
  /** The credit state the movement leaves. */
  state: CreditState;
  currency: string;
  now: Date;
}

/**
 * What the caller writes with a crossing, in the movement's own transaction (an outbox message), or null:
 * nothing. Asked again on each try, as the state it sees may differ; the answer of the committed try is returned.
 */
type OnCrossing<A extends { item: TransactItem }> = (crossing: CreditCrossing) => Promise<A | null>;

/**
 * Credits a wallet (plus the caller's own items) once: 'done', or 'duplicate' when the entry id was
 * already used; 'conflict': the caller's own items refused, or a concurrent transaction kept winning.
 */
export async function credit(m: WalletMovement, extra: TransactItem[] = []): Promise<MoveResult> {
  for (let tries = 0; ; tries++) {
    const cancelled = await attempt([...creditItems(m), ...extra]);
    if (!cancelled) return 'done';
    if (conditionFailedAt(cancelled, 0)) return 'duplicate';
    // A blind credit fails only by a concurrent transaction on one of its items.
    if (!cancelled.includes('TransactionConflict') || tries >= MAX_VERSION_TRIES) return 'conflict';
    versionRetries.count += 1;
    await pause(tries);
  }
}

/**
 * Debits a wallet (plus the caller's own items) once, on `today` (the site's calendar day of `m.now`).
 * Returns 'done', or 'duplicate' when the entry id was already used; it may be refused: 'overdue' (a
 * booking while the oldest credit is past its due day), 'overLimit' (more than wallet + credit left),
 * 'insufficient' (the same without a credit line). Nothing is written unless 'done'. 'conflict': the
 * caller's own items refused, or the balance kept changing under it. With 'done' comes what `onCrossing`
 * answered for the committed state, for the caller to publish.
 */
export async function debit<A extends { item: TransactItem }>(
  m: WalletMovement,
  extra: TransactItem[],
  ctx: { today: string; timeZone: string; onCrossing: OnCrossing<A> },
): Promise<{ result: MoveResult; alert: A | null }> {
  const { today } = ctx;
  const amount = toPaise(round2(m.amount));
  if (!(amount > 0)) throw new Error('debit amount must be positive');
  for (let tries = 0; tries < MAX_VERSION_TRIES; tries++) {
    const line = await creditLineOf(m.siteId, m.legalEntityId);
    const booking = m.kind === 'booking';
    const due = booking ? await unpaidDue(m.siteId, m.legalEntityId, line.state, today) : null;
    const out = applyCreditMovement(line.state, {
      kind: 'debit',
      amount,
      purpose: booking ? 'booking' : 'adjustment',
      today,
      oldestDueDay: (due?.overdue ?? due?.oldest)?.dueDay ?? null,
    });
    if (!out.ok) {
      // A movement that already went through is a duplicate, whatever the balance says now.
      if (await getEntry(m.siteId, m.legalEntityId, m.entryId)) return { result: 'duplicate', alert: null };
      return { result: out.reason === 'limitBelowUsed' ? 'conflict' : out.reason, alert: null };
    }
    const alert = out.alert ? await ctx.onCrossing(crossing(m, m.entryId, line, out.next, out.alert)) : null;
    const items = [
      entryItem(m, -toRupees(amount)),
      stateUpdate(m, line, out.next),
      ...(out.draw ? drawItems(m, out.draw, dueDayOf(today, line.creditDays), ctx.timeZone) : []),
      ...(alert ? [alert.item] : []),
      ...extra,
    ];
    const cancelled = await attempt(items);
    if (!cancelled) return { result: 'done', alert };
    if (conditionFailedAt(cancelled, 0)) return { result: 'duplicate', alert: null };
    if (!retryable(cancelled[1]) && !cancelled.slice(2).includes('TransactionConflict'))
      return { result: 'conflict', alert: null };
    versionRetries.count += 1;
    await pause(tries);
  }
  return { result: 'conflict', alert: null };
}

const crossing = (
  m: { siteId: SiteId; legalEntityId: string; now: Date },
  movementId: string,
  line: CreditLine,
  next: CreditState,
  threshold: CreditThreshold,
): CreditCrossing => ({
  siteId: m.siteId,
  legalEntityId: m.legalEntityId,
  movementId,
  threshold,
  state: next,
  currency: line.currency,
  now: m.now,
});

export type SetLineResult<A = never> =
  | { ok: true; before: CreditLine; after: CreditState & { creditDays: number }; alert: A | null }
  | { ok: false; reason: 'limitBelowUsed' | 'conflict' };

/**
 * Staff set a credit line: the limit (available moves by the difference) and the credit days for future
 * draws, with the audit entry in the same transaction; never below the credit in use.
 */
export async function setCreditLine<A extends { item: TransactItem }>(
  input: {
    siteId: SiteId;
    legalEntityId: string;
    creditLimit: number;
    creditDays: number;
    now: Date;
    changeId: string;
  },
  audit: (before: CreditLine, after: { creditLimit: number; creditDays: number }) => TransactItem,
  onCrossing: OnCrossing<A>,
): Promise<SetLineResult<A>> {
  for (let tries = 0; tries < MAX_VERSION_TRIES; tries++) {
    const line = await creditLineOf(input.siteId, input.legalEntityId);
    const out = applyCreditMovement(line.state, { kind: 'limit', limit: toPaise(input.creditLimit) });
    if (!out.ok) return { ok: false, reason: 'limitBelowUsed' };
    const walletsIndex = walletKeys.siteWalletsIndex(input.siteId, input.legalEntityId);
    const alert = out.alert
      ? await onCrossing(crossing(input, `limit-${input.changeId}`, line, out.next, out.alert))
      : null;
    const items = [
      stateUpdate(input, line, out.next, {
        creditDays: input.creditDays,
        currency: line.currency,
        legalEntityId: input.legalEntityId,
        gsi1pk: walletsIndex.gsi1pk,
        gsi1sk: walletsIndex.gsi1sk,
      }),
      audit(line, { creditLimit: input.creditLimit, creditDays: input.creditDays }),
      ...(alert ? [alert.item] : []),
    ];
    const cancelled = await attempt(items);
    if (!cancelled) return { ok: true, before: line, after: { ...out.next, creditDays: input.creditDays }, alert };
    if (!retryable(cancelled[0])) return { ok: false, reason: 'conflict' };
    versionRetries.count += 1;
    await pause(tries);
  }
  return { ok: false, reason: 'conflict' };
}

/** One ledger entry as stored (read after its movement, so consistently). */
export async function getEntry(siteId: SiteId, legalEntityId: string, entryId: string) {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: walletKeys.walletEntry(siteId, legalEntityId, entryId),
      ConsistentRead: true,
    }),
  );
  return Item ?? null;
}

/** A legal entity's entries, newest first, one cursor page. */
export const entriesPage = <T>(
  siteId: SiteId,
  legalEntityId: string,
  opts: { cursor: string | undefined; limit: number },
  map: (item: Record<string, unknown>) => T,
) => queryPage('gsi1', walletKeys.walletEntriesPk(siteId, legalEntityId), { ...opts, newestFirst: true }, map);

/** Every wallet balance item of a site (balances report), one cursor page. */
export const walletsPage = <T>(
  siteId: SiteId,
  opts: { cursor: string | undefined; limit: number },
  map: (item: Record<string, unknown>) => T,
) => queryPage('gsi1', walletKeys.siteWalletsPk(siteId), opts, map);

/** A legal entity's entries from `since` on that belong to a booking (by booking, order or PNR). */
export async function entriesOfBooking(
  siteId: SiteId,
  legalEntityId: string,
  since: string,
  ref: { bookingId: string; orderId: string; pnr: string },
): Promise<Record<string, unknown>[]> {
  const gsi = TABLE.indexes.gsi1;
  return queryAll({
    IndexName: gsi.name,
    KeyConditionExpression: `${gsi.partitionKey} = :pk AND ${gsi.sortKey} >= :since`,
    FilterExpression: 'bookingId = :b OR orderId = :o OR pnr = :p',
    ExpressionAttributeValues: {
      ':pk': walletKeys.walletEntriesPk(siteId, legalEntityId),
      ':since': since,
      ':b': ref.bookingId,
      ':o': ref.orderId,
      ':p': ref.pnr,
    },
  });
}
