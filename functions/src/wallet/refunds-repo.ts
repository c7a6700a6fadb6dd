/** Gateway refunds in DynamoDB (wallet/refunds.ts says what they are for). */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { GatewayName } from '@tp/contracts/endpoints/wallet';
import { round2 } from '@tp/domain/pricing';
import { db, tableName, updateWithOrFalse, writeOrFalse, type TransactItem } from '#lib/db';
import type { SiteId } from '#lib/keys';
import { walletKeys } from './keys.ts';

/**
 * pending: recorded, not sent yet; sending: a run claimed it and is calling the gateway (until `claimUntil`);
 * sent: the gateway took it and has not finished; completed: the gateway moved the money back (final);
 * toWallet: the gateway refused it for good, so it was credited to the payer's wallet instead (final).
 */
export type GatewayRefundStatus = 'pending' | 'sending' | 'sent' | 'completed' | 'toWallet';

export interface GatewayRefundRecord {
  siteId: SiteId;
  /** Ours, deterministic from what is refunded (a change request, a failed order): the gateway's merchant refund id. */
  refundId: string;
  paymentId: string;
  gateway: GatewayName;
  amount: number;
  currency: string;
  /** Whose wallet takes it if the gateway refuses it for good. */
  legalEntityId: string;
  userId: string;
  remark: string;
  reference: { bookingId?: string; orderId?: string; changeRequestId?: string; pnr?: string };
  status: GatewayRefundStatus;
  /** Calls to the gateway's refund API made for it (a retaken claim asks the status before sending again). */
  sendAttempts: number;
  claimUntil?: string;
  createdAt: string;
  updatedAt: string;
  sentAt?: string;
  completedAt?: string;
  /** The embedded sandbox gateway's own record that it took the refund. */
  sandboxAcceptedAt?: string;
}

export const isFinalRefund = (r: Pick<GatewayRefundRecord, 'status'>) =>
  r.status === 'completed' || r.status === 'toWallet';

/**
 * The refund record (once per refund id) and the payment's refunded total, for the transaction that decides the
 * refund: the payment must exist, belong to `gateway`, have taken `paymentAmount`, and keep its refunds within it.
 */
export function recordRefundItems(r: GatewayRefundRecord, paymentAmount: number): TransactItem[] {
  const amount = round2(r.amount);
  return [
    refundRecordItem(r),
    {
      Update: {
        TableName: tableName(),
        Key: walletKeys.payment(r.siteId, r.paymentId),
        UpdateExpression: 'SET refundedAmount = if_not_exists(refundedAmount, :zero) + :a, updatedAt = :t',
        // DynamoDB compares, it does not add: the ceiling on what was refunded before is computed here.
        ConditionExpression:
          'attribute_exists(pk) AND gateway = :g AND amount = :paid AND (attribute_not_exists(refundedAmount) OR refundedAmount <= :ceiling)',
        ExpressionAttributeValues: {
          ':a': amount,
          ':zero': 0,
          ':t': r.createdAt,
          ':g': r.gateway,
          ':paid': paymentAmount,
          ':ceiling': round2(paymentAmount - amount),
        },
      },
    },
  ];
}

/** The refund record alone, once per refund id (the caller's transaction guards the payment). */
export const refundRecordItem = (r: GatewayRefundRecord): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: { ...walletKeys.gatewayRefund(r.siteId, r.refundId), type: 'gatewayRefund', ...r, amount: round2(r.amount) },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

export async function getRefund(siteId: SiteId, refundId: string): Promise<GatewayRefundRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: walletKeys.gatewayRefund(siteId, refundId), ConsistentRead: true }),
  );
  return (Item as GatewayRefundRecord | undefined) ?? null;
}

/** Claims the refund for one gateway call: from pending, or from a lapsed claim; false when another run holds it. */
export function claimRefund(siteId: SiteId, refundId: string, now: Date, leaseMs: number): Promise<boolean> {
  const t = now.toISOString();
  return writeOrFalse(
    new UpdateCommand({
      TableName: tableName(),
      Key: walletKeys.gatewayRefund(siteId, refundId),
      UpdateExpression: 'SET #s = :sending, claimUntil = :until, updatedAt = :t',
      ConditionExpression: '#s = :pending OR (#s = :sending AND claimUntil < :t)',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: {
        ':sending': 'sending',
        ':pending': 'pending',
        ':until': new Date(now.getTime() + leaseMs).toISOString(),
        ':t': t,
      },
    }),
  );
}

/** Notes one call to the gateway's refund API (before it is made: a crash after it still counts it). */
export async function countSendAttempt(siteId: SiteId, refundId: string, now: Date): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: walletKeys.gatewayRefund(siteId, refundId),
      UpdateExpression: 'SET updatedAt = :t ADD sendAttempts :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':t': now.toISOString(), ':one': 1 },
    }),
  );
}

/**
 * Moves a refund on, only from one of `from` (so two runs cannot both confirm it); with `extra` (the wallet
 * credit of a refused refund) in one transaction. False when it was no longer in one of them.
 */
export function transitionRefund(
  siteId: SiteId,
  refundId: string,
  from: readonly GatewayRefundStatus[],
  to: GatewayRefundStatus,
  now: Date,
  extra: TransactItem[] = [],
): Promise<boolean> {
  const t = now.toISOString();
  const values: Record<string, unknown> = { ':to': to, ':t': t };
  from.forEach((s, i) => (values[`:f${i}`] = s));
  const stamp = to === 'sent' ? ', sentAt = :t' : to === 'completed' || to === 'toWallet' ? ', completedAt = :t' : '';
  return updateWithOrFalse(
    {
      TableName: tableName(),
      Key: walletKeys.gatewayRefund(siteId, refundId),
      UpdateExpression: `SET #s = :to, updatedAt = :t${stamp} REMOVE claimUntil`,
      ConditionExpression: `#s IN (${from.map((_, i) => `:f${i}`).join(', ')})`,
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: values,
    },
    extra,
  );
}

/** The sandbox gateway takes a refund once (true when it had not before); false for an untracked refund id. */
export async function acceptSandboxRefund(siteId: SiteId, refundId: string, now: Date): Promise<boolean> {
  return writeOrFalse(
    new UpdateCommand({
      TableName: tableName(),
      Key: walletKeys.gatewayRefund(siteId, refundId),
      UpdateExpression: 'SET sandboxAcceptedAt = if_not_exists(sandboxAcceptedAt, :t)',
      ConditionExpression: 'attribute_exists(pk) AND gateway = :g',
      ExpressionAttributeValues: { ':t': now.toISOString(), ':g': 'sandbox' },
    }),
  );
}
