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
import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#lib/db';
import { keys } from '#lib/keys';
import { isConditionFailure } from '#lib/errors';
import { round2 } from '@tp/domain/pricing';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export type WalletEntryKind =
  | 'topUp' // staff Add Money, gateway top-up
  | 'booking' // a booking paid from the wallet
  | 'refund' // a failed booking or a change request credited back
  | 'adjustment';

export interface WalletMovement {
  siteId: string;
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

export async function balanceOf(siteId: string, legalEntityId: string): Promise<WalletBalance> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.walletBalance(siteId, legalEntityId), ConsistentRead: true }),
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
        ...keys.walletEntry(m.siteId, m.legalEntityId, m.entryId),
        ...keys.walletEntriesIndex(m.siteId, m.legalEntityId, createdAt, m.entryId),
        ...keys.siteWalletEntriesIndex(m.siteId, createdAt, m.entryId),
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
        Key: keys.walletBalance(m.siteId, m.legalEntityId),
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
  const walletsIndex = keys.siteWalletsIndex(m.siteId, m.legalEntityId);
  return [
    entryItem(m, amount),
    {
      Update: {
        TableName: tableName(),
        Key: keys.walletBalance(m.siteId, m.legalEntityId),
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
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
    return 'done';
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    if (reasons[0]?.Code === 'ConditionalCheckFailed') return 'duplicate';
    if (reasons[1]?.Code === 'ConditionalCheckFailed') return 'insufficient';
    return 'conflict';
  }
}
