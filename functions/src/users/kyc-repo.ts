/**
 * PAN / GSTIN review items (docs/site-settings.md "PAN verification"): one item per customer and document,
 * written in the same transaction as the billing details that name the number, listed per state on gsi1.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { TaxIdDocument, TaxIdStatus } from '@tp/contracts/endpoints/kyc';
import { auditPut, type AuditActor, type AuditRecord } from '#lib/audit';
import { db, queryPage, tableName, transactOrFalse, type Page, type TransactItem } from '#lib/db';
import { keys, type SiteId } from '#lib/keys';
import { userKeys } from './keys.ts';
import type { UserRecord } from './record.ts';

export interface TaxIdRecord {
  userId: string;
  document: TaxIdDocument;
  number: string;
  status: TaxIdStatus;
  reason: string;
  submittedAt: string;
  decidedAt: string | null;
  decidedBy: AuditActor | null;
  /** Copied from the user when submitted, for the staff list. */
  name: string;
  email: string;
  companyName: string;
}

const DOCUMENTS: readonly TaxIdDocument[] = ['pan', 'gst'];

const toRecord = (item: Record<string, unknown>): TaxIdRecord => ({
  userId: String(item.userId),
  document: item.document as TaxIdDocument,
  number: String(item.number),
  status: item.status as TaxIdStatus,
  reason: String(item.reason ?? ''),
  submittedAt: String(item.submittedAt),
  decidedAt: (item.decidedAt as string | null | undefined) ?? null,
  decidedBy: (item.decidedBy as AuditActor | null | undefined) ?? null,
  name: String(item.name ?? ''),
  email: String(item.email ?? ''),
  companyName: String(item.companyName ?? ''),
});

const itemOf = (siteId: SiteId, r: TaxIdRecord) => ({
  ...userKeys.taxId(siteId, r.userId, r.document),
  ...userKeys.taxIdIndex(siteId, r.status, r.submittedAt, r.userId, r.document),
  type: 'TaxId',
  ...r,
});

/** Both review items of a user (absent documents are missing from the map). */
export async function taxIdsOf(siteId: SiteId, userId: string): Promise<Map<TaxIdDocument, TaxIdRecord>> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': userKeys.taxIdPk(siteId, userId) },
      ConsistentRead: true,
    }),
  );
  return new Map((Items ?? []).map((i) => [i.document as TaxIdDocument, toRecord(i)]));
}

export const taxIdPage = (
  siteId: SiteId,
  status: TaxIdStatus,
  page: { cursor?: string | undefined; limit: number },
): Promise<Page<TaxIdRecord>> =>
  queryPage('gsi1', userKeys.taxIdIndexPk(siteId, status), { ...page, newestFirst: true }, toRecord);

/**
 * Saves a user's billing details and, in the same transaction, their review items: a new or changed number
 * starts a pending review (a decision on the old number no longer applies); an unchanged one keeps its state;
 * a removed one drops its item. Each item write is guarded on what was read, so two saves cannot interleave.
 * Null when the user does not exist.
 */
export async function saveBillingWithReviews(
  user: UserRecord,
  billing: NonNullable<UserRecord['billing']>,
  now: Date,
): Promise<UserRecord | null> {
  const siteId = user.siteId;
  const existing = await taxIdsOf(siteId, user.userId);
  const numbers: Record<TaxIdDocument, string> = { pan: billing.panNumber, gst: billing.gstNumber };
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: keys.user(siteId, user.userId),
        UpdateExpression: 'SET #billing = :billing, #updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#billing': 'billing', '#updatedAt': 'updatedAt' },
        ExpressionAttributeValues: { ':billing': billing, ':now': now.toISOString() },
      },
    },
  ];
  for (const document of DOCUMENTS) {
    const before = existing.get(document);
    const number = numbers[document];
    if (before?.number === number) continue;
    const guard = before
      ? {
          ConditionExpression: '#n = :old',
          ExpressionAttributeNames: { '#n': 'number' },
          ExpressionAttributeValues: { ':old': before.number },
        }
      : { ConditionExpression: 'attribute_not_exists(pk)' };
    if (!number) {
      items.push({ Delete: { TableName: tableName(), Key: userKeys.taxId(siteId, user.userId, document), ...guard } });
      continue;
    }
    const record: TaxIdRecord = {
      userId: user.userId,
      document,
      number,
      status: 'pending',
      reason: '',
      submittedAt: now.toISOString(),
      decidedAt: null,
      decidedBy: null,
      name: [user.firstName, user.lastName].filter(Boolean).join(' '),
      email: user.email,
      companyName: billing.billingName || user.companyName || '',
    };
    items.push({ Put: { TableName: tableName(), Item: itemOf(siteId, record), ...guard } });
  }
  if (!(await transactOrFalse(items))) return null;
  return { ...user, billing, updatedAt: now.toISOString() };
}

/**
 * Records a staff decision with its audit entry, only while the item still holds the number staff saw.
 * Null when it no longer does (or was removed).
 */
export async function decideTaxId(
  siteId: SiteId,
  before: TaxIdRecord,
  decision: { status: 'verified' | 'rejected'; reason: string },
  by: AuditActor,
  now: Date,
): Promise<TaxIdRecord | null> {
  const after: TaxIdRecord = {
    ...before,
    status: decision.status,
    reason: decision.status === 'rejected' ? decision.reason : '',
    decidedAt: now.toISOString(),
    decidedBy: by,
  };
  const index = userKeys.taxIdIndex(siteId, after.status, after.submittedAt, after.userId, after.document);
  const ok = await transactOrFalse([
    {
      Update: {
        TableName: tableName(),
        Key: userKeys.taxId(siteId, before.userId, before.document),
        UpdateExpression:
          'SET #status = :status, #reason = :reason, #decidedAt = :at, #decidedBy = :by, #g1pk = :g1pk, #g1sk = :g1sk',
        ConditionExpression: '#n = :number AND #submittedAt = :submittedAt',
        ExpressionAttributeNames: {
          '#status': 'status',
          '#reason': 'reason',
          '#decidedAt': 'decidedAt',
          '#decidedBy': 'decidedBy',
          '#g1pk': 'gsi1pk',
          '#g1sk': 'gsi1sk',
          '#n': 'number',
          '#submittedAt': 'submittedAt',
        },
        ExpressionAttributeValues: {
          ':status': after.status,
          ':reason': after.reason,
          ':at': after.decidedAt,
          ':by': by,
          ':g1pk': index.gsi1pk,
          ':g1sk': index.gsi1sk,
          ':number': before.number,
          ':submittedAt': before.submittedAt,
        },
      },
    },
    auditPut(
      siteId,
      {
        entity: 'taxId',
        id: `${before.userId}:${before.document}`,
        action: 'update',
        before: before as unknown as AuditRecord,
        after: after as unknown as AuditRecord,
      },
      by,
      now,
    ),
  ]);
  return ok ? after : null;
}
