/**
 * The wallet ledger: one balance item per legal entity and one entry per movement (domain.md
 * "Wallet"). Money moves exactly once because every movement is a transaction of
 *   - the entry, put only if its id was never used (the id is the idempotency key, e.g.
 *     `order-<orderId>-debit`), and
 *   - the balance, updated only if it stays ≥ −creditLimit. The balance item keeps `available`
 *     (= balance + creditLimit) for that check; whoever changes creditLimit adds the difference to it.
 * Callers compose these items with their own (an order's state change) in one TransactWrite, so a
 * debit and the order it pays for can never be written apart.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@tp/contracts/platform';
import { round2 } from '@tp/domain/pricing';
import { db, queryAll, queryPage, tableName, transactOrCancellations, type TransactItem } from '#lib/db';
import type { SiteId } from '#lib/keys';
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

export async function balanceOf(siteId: SiteId, legalEntityId: string): Promise<WalletBalance> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: walletKeys.walletBalance(siteId, legalEntityId),
      ConsistentRead: true,
    }),
  );
  return {
    balance: Number(Item?.balance ?? 0),
    creditLimit: Number(Item?.creditLimit ?? 0),
    currency: String(Item?.currency ?? 'INR'),
  };
}

function entryItem(m: WalletMovement, signed: number): TransactItem {
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

/** Items that debit a wallet; the balance may not fall below −creditLimit. */
export function debitItems(m: WalletMovement): TransactItem[] {
  const amount = round2(m.amount);
  if (!(amount > 0)) throw new Error('debit amount must be positive');
  return [
    entryItem(m, -amount),
    {
      Update: {
        TableName: tableName(),
        Key: walletKeys.walletBalance(m.siteId, m.legalEntityId),
        // Condition expressions cannot do arithmetic, so the item keeps `available` (balance +
        // creditLimit) alongside the balance and the check is a plain comparison.
        UpdateExpression: 'SET balance = balance - :a, available = available - :a, updatedAt = :t',
        ConditionExpression: 'attribute_exists(balance) AND available >= :a',
        ExpressionAttributeValues: { ':a': amount, ':t': m.now.toISOString() },
      },
    },
  ];
}

/** Items that credit a wallet (creating the balance item on first use). */
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
        UpdateExpression:
          'SET balance = if_not_exists(balance, :zero) + :a, available = if_not_exists(available, :zero) + :a, creditLimit = if_not_exists(creditLimit, :zero), currency = if_not_exists(currency, :c), updatedAt = :t, legalEntityId = :le, gsi1pk = :wpk, gsi1sk = :wsk',
        ExpressionAttributeValues: {
          ':a': amount,
          ':zero': 0,
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
 * Runs a movement (plus the caller's own items) once. Returns 'done', or 'duplicate' when the entry id
 * was already used, or 'insufficient' when a debit would overdraw; nothing is written in the last two.
 */
export async function move(
  direction: 'debit' | 'credit',
  m: WalletMovement,
  extra: TransactItem[] = [],
): Promise<'done' | 'duplicate' | 'insufficient' | 'conflict'> {
  const items = [...(direction === 'debit' ? debitItems(m) : creditItems(m)), ...extra];
  const cancelled = await transactOrCancellations(items);
  if (!cancelled) return 'done';
  // Item 0 is the entry (its id was used), item 1 the balance (a debit would overdraw).
  if (cancelled[0] === 'ConditionalCheckFailed') return 'duplicate';
  if (cancelled[1] === 'ConditionalCheckFailed') return 'insufficient';
  return 'conflict';
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
