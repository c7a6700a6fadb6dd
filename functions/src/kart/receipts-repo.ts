/**
 * Receipts of quotation payments (docs/dmc.md "Receipts"): the only DynamoDB code of them. A receipt is issued
 * under the platform's gapless numbering (lib/numbering-repo.ts) in one transaction with the kart's new collected
 * amount, conditional on the kart's version and money read: an overpayment raced by a parallel payment is read again
 * and refused, and a source (gateway payment, wallet debit, offline entry) gets one receipt however often it asks.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { queryPage, db, tableName, type Page, type TransactItem } from '#lib/db';
import type { SiteId } from '#lib/keys';
import { issueNumbered, issuedFor, type NumberedResult } from '#lib/numbering-repo';
import type { GatewayName } from '@tp/contracts/endpoints/wallet';
import { kartKeys } from './keys.ts';

const REC = 'rec';

export const RECEIPT_METHODS = ['gateway', 'wallet', 'bankTransfer', 'cash'] as const;
export type ReceiptMethod = (typeof RECEIPT_METHODS)[number];

export interface ReceiptRecord {
  id: string;
  /** `RCT/26-27/00001`: consecutive per site and financial year. */
  number: string;
  fy: string;
  sequence: number;
  kartId: string;
  quotationId: string;
  kartName: string;
  customerId: string;
  customerName: string;
  amount: number;
  currency: string;
  method: ReceiptMethod;
  /** The gateway's transaction, the wallet entry, or the bank / cash reference staff typed. */
  reference: string;
  receivedAt: string;
  /** Staff who recorded an offline receipt; null for a payment the customer made. */
  recordedBy: string | null;
  /** A gateway receipt's payment and gateway: a cancellation refunds through them. */
  paymentId?: string;
  gateway?: GatewayName;
  /** The quotation's total and what was collected with this receipt included. */
  totalPrice: number;
  collectedAfter: number;
}

export async function getReceipt(siteId: SiteId, id: string): Promise<ReceiptRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: kartKeys.receipt(siteId, id), ConsistentRead: true }),
  );
  return Item ? (Item[REC] as ReceiptRecord) : null;
}

/** A kart's receipts, oldest first, a cursor page at a time. */
export function receiptsOfKart(
  siteId: SiteId,
  kartId: string,
  opts: { cursor?: string | undefined; limit: number },
): Promise<Page<ReceiptRecord>> {
  return queryPage('gsi1', kartKeys.receiptsPk(siteId, kartId), opts, (item) => item[REC] as ReceiptRecord);
}

/** The receipt a source was given, if any. */
export const receiptOfSource = (siteId: SiteId, ...source: string[]): Promise<string | null> =>
  issuedFor(kartKeys.receiptSource(siteId, ...source));

export interface ReceiptIssue {
  siteId: SiteId;
  fy: string;
  source: string[];
  /** The receipt for a sequence number and the kart writes that go with it, read afresh on every try. */
  build: (sequence: number) => Promise<{ receipt: ReceiptRecord; also: TransactItem[] }>;
}

/** A receipt as stored (with its place in the kart's list). */
export const receiptItem = (siteId: SiteId, receipt: ReceiptRecord): Record<string, unknown> => ({
  ...kartKeys.receipt(siteId, receipt.id),
  ...kartKeys.receiptsIndex(siteId, receipt.kartId, receipt.receivedAt, receipt.id),
  ...kartKeys.booksReceiptIndex(siteId, receipt.receivedAt, receipt.id),
  kind: 'kartReceipt',
  [REC]: receipt,
});

/**
 * The demo seed's receipts: their items and guards, and the counter raised to their last number (never lowered, so
 * a seed run again after real receipts never hands a number out twice).
 */
export function seededReceiptItems(siteId: SiteId, list: ReceiptRecord[]): Record<string, unknown>[] {
  return list.flatMap((r) => [
    receiptItem(siteId, r),
    { ...kartKeys.receiptSource(siteId, 'seed', r.id), type: 'ReceiptSource', documentId: r.id },
  ]);
}

export async function raiseReceiptCounter(siteId: SiteId, fy: string, atLeast: number): Promise<void> {
  await db()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: kartKeys.receiptCounter(siteId, fy),
        UpdateExpression: 'SET #v = :n, #t = :type',
        ConditionExpression: 'attribute_not_exists(#v) OR #v < :n',
        ExpressionAttributeNames: { '#v': 'value', '#t': 'type' },
        ExpressionAttributeValues: { ':n': atLeast, ':type': 'ReceiptCounter' },
      }),
    )
    .catch((err: unknown) => {
      if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
    });
}

export function issueReceipt(req: ReceiptIssue): Promise<NumberedResult<ReceiptRecord>> {
  return issueNumbered({
    counterKey: kartKeys.receiptCounter(req.siteId, req.fy),
    counterType: 'ReceiptCounter',
    sourceKey: kartKeys.receiptSource(req.siteId, ...req.source),
    sourceType: 'ReceiptSource',
    build: async (sequence) => {
      const { receipt, also } = await req.build(sequence);
      const put: TransactItem = {
        Put: {
          TableName: tableName(),
          Item: receiptItem(req.siteId, receipt),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      };
      return { id: receipt.id, items: [put, ...also], result: receipt };
    },
  });
}
