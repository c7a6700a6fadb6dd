/**
 * Supplier booking requests as stored (docs/dmc.md "Paper: vouchers and supplier requests"): one item per supplied
 * line of a kart, keyed by kart and line. Only the SHA-256 of the link's secret is kept. A request is written once
 * (a second vouchering run finds it and mails nothing) and answered once (the answer is conditional on the request
 * still being `requested`, so two confirms racing leave one).
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SupplierStatus } from '@tp/domain/dmc';
import { db, queryAll, tableName, writeOrFalse } from '#lib/db';
import type { SiteId } from '#lib/keys';
import { kartKeys } from './keys.ts';

const REC = 'rec';

export interface SupplierRequestRecord {
  kartId: string;
  lineId: string;
  section: 'accomodations' | 'activities';
  supplierId: string;
  supplierName: string;
  supplierEmail: string;
  service: string;
  details: string[];
  /** The voucher's reference of the service, what the supplier quotes back. */
  reference: string;
  leadGuest: string;
  secretHash: string;
  requestedAt: string;
  expiresAt: string;
  status: SupplierStatus;
  confirmationNumber: string | null;
  reason: string | null;
  answeredAt: string | null;
}

export async function getSupplierRequest(
  siteId: SiteId,
  kartId: string,
  lineId: string,
): Promise<SupplierRequestRecord | null> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: kartKeys.supplierRequest(siteId, kartId, lineId),
      ConsistentRead: true,
    }),
  );
  return Item ? (Item[REC] as SupplierRequestRecord) : null;
}

/** Every request of a kart (at most one per line: a bounded partition). */
export async function supplierRequestsOf(siteId: SiteId, kartId: string): Promise<SupplierRequestRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': kartKeys.supplierRequestsPk(siteId, kartId) },
    ConsistentRead: true,
  });
  return items.map((i) => i[REC] as SupplierRequestRecord);
}

/** A request's item, as stored (vouchering, and the demo data). */
export const supplierRequestItem = (siteId: SiteId, r: SupplierRequestRecord): Record<string, unknown> => ({
  ...kartKeys.supplierRequest(siteId, r.kartId, r.lineId),
  kind: 'supplierRequest',
  [REC]: r,
});

/** Stores a new request; false when the line already has one (a repeated run: nothing is mailed twice). */
export function putSupplierRequest(siteId: SiteId, r: SupplierRequestRecord): Promise<boolean> {
  return writeOrFalse(
    new PutCommand({
      TableName: tableName(),
      Item: supplierRequestItem(siteId, r),
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** Records the supplier's answer; false when the request was answered meanwhile (the first answer stands). */
export function answerSupplierRequest(siteId: SiteId, next: SupplierRequestRecord): Promise<boolean> {
  return writeOrFalse(
    new UpdateCommand({
      TableName: tableName(),
      Key: kartKeys.supplierRequest(siteId, next.kartId, next.lineId),
      UpdateExpression: 'SET #rec = :rec',
      ConditionExpression: '#rec.#status = :requested AND #rec.#hash = :hash',
      ExpressionAttributeNames: { '#rec': REC, '#status': 'status', '#hash': 'secretHash' },
      ExpressionAttributeValues: { ':rec': next, ':requested': 'requested', ':hash': next.secretHash },
    }),
  );
}
