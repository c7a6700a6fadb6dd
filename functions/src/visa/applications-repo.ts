/**
 * The visa application store: the only DynamoDB code of applications, their document links, their purge schedule
 * and the site's visa terms (keys in application-keys.ts). An application write commits with its status counts in
 * one transaction, conditional on the version it was read at; reads are GetItems and Queries of one partition.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { VisaApplicationStatus, VisaFee, VisaTerms } from '@tp/domain/visa-applications';
import { db, queryPage, tableName, transact, transactOrFalse, type Page, type TransactItem } from '#lib/db';
import type { SiteId } from '#lib/keys';
import { deadlineItem } from '../deadlines/index.ts';
import { applicationKeys } from './application-keys.ts';

const REC = 'rec';

export interface TravellerRecord {
  firstName: string;
  lastName: string;
  passportNumber: string;
  passportExpiry: string;
  dateOfBirth: string;
}

export interface DocumentRecord {
  documentId: string;
  traveller: number;
  document: string;
  fileName: string;
  contentType: string;
  bytes: number;
  /** The private media key ('' once deleted). */
  storageKey: string;
  uploadedAt: string;
  requested: boolean;
  requestNote: string;
}

export interface ApplicationRecord {
  id: string;
  version: number;
  reference: string;
  status: VisaApplicationStatus;
  userId: string;
  userName: string;
  userEmail: string;
  legalEntityId: string;
  countryId: string;
  countryName: string;
  categoryId: string;
  visaCategory: string;
  nationality: string;
  nationalityName: string;
  travelFrom: string;
  travelTo: string;
  travellers: TravellerRecord[];
  requiredDocuments: string[];
  documents: DocumentRecord[];
  visas: DocumentRecord[];
  fee: VisaFee;
  paidAmount: number;
  paidAt: string | null;
  /** How the fee was paid (absent: the wallet, as before gateway payments); a gateway payment keeps its id. */
  paidBy?: 'wallet' | 'gateway' | null;
  paymentId?: string | null;
  gateway?: string | null;
  /** The gateway refund sent back when a gateway-paid application was refunded. */
  gatewayRefundId?: string | null;
  refundedAmount: number;
  embassyReference: string;
  decisionNote: string;
  decidedAt: string | null;
  documentsDeletedAt: string | null;
  invoiceId: string | null;
  createdAt: string;
  updatedAt: string;
}

export async function getApplication(siteId: SiteId, id: string): Promise<ApplicationRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: applicationKeys.application(siteId, id), ConsistentRead: true }),
  );
  return Item ? (Item[REC] as ApplicationRecord) : null;
}

/** The count moves of a change: +1 on the new status, −1 on the old. */
function countUpdate(siteId: SiteId, before: ApplicationRecord | null, after: ApplicationRecord): TransactItem[] {
  if (before?.status === after.status) return [];
  const moves: [string, number][] = [
    [after.status, 1],
    ...(before ? ([[before.status, -1]] as [string, number][]) : []),
  ];
  return [
    {
      Update: {
        TableName: tableName(),
        Key: applicationKeys.counts(siteId),
        UpdateExpression: `ADD ${moves.map((_, i) => `#s${i} :n${i}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(moves.map(([s], i) => [`#s${i}`, s])),
        ExpressionAttributeValues: Object.fromEntries(moves.map(([, n], i) => [`:n${i}`, n])),
      },
    },
  ];
}

/**
 * An application change as transaction items: the application (new when `before` is null, else conditional on the
 * version read) and its counts, for a caller that commits it with other writes (a wallet movement, an audit entry).
 */
export function applicationWrites(
  siteId: SiteId,
  before: ApplicationRecord | null,
  after: ApplicationRecord,
): TransactItem[] {
  return [
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...applicationKeys.application(siteId, after.id),
          ...applicationKeys.indexes(siteId, after),
          kind: 'visaApplication',
          version: after.version,
          [REC]: after,
        },
        ...(before === null
          ? { ConditionExpression: 'attribute_not_exists(pk)' }
          : {
              ConditionExpression: '#v = :v',
              ExpressionAttributeNames: { '#v': 'version' },
              ExpressionAttributeValues: { ':v': before.version },
            }),
      },
    },
    ...countUpdate(siteId, before, after),
  ];
}

/** Commits a change with the caller's other items; false when the application changed since it was read. */
export const saveApplication = (
  siteId: SiteId,
  before: ApplicationRecord | null,
  after: ApplicationRecord,
  extra: TransactItem[] = [],
): Promise<boolean> => transactOrFalse([...applicationWrites(siteId, before, after), ...extra]);

/**
 * The fee's gateway payment taken once: the guard (`attribute_not_exists`, one per application) with the
 * application, conditional on its version; false when another verification or a wallet payment came first.
 */
export const takeGatewayFee = (
  siteId: SiteId,
  before: ApplicationRecord,
  after: ApplicationRecord,
  paymentId: string,
  extra: TransactItem[],
): Promise<boolean> =>
  transactOrFalse([
    {
      Put: {
        TableName: tableName(),
        Item: { ...applicationKeys.gatewayPaid(siteId, before.id), kind: 'visaGatewayPaid', paymentId },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...applicationWrites(siteId, before, after),
    ...extra,
  ]);

/** One page of the site's applications of a status, last changed first. */
export const applicationsOfStatus = (
  siteId: SiteId,
  status: VisaApplicationStatus,
  opts: { cursor?: string | undefined; limit: number },
): Promise<Page<ApplicationRecord>> =>
  queryPage(
    'gsi1',
    applicationKeys.statusPk(siteId, status),
    { ...opts, newestFirst: true },
    (i) => i[REC] as ApplicationRecord,
  );

/** One page of a user's applications, newest first. */
export const applicationsOfUser = (
  siteId: SiteId,
  userId: string,
  opts: { cursor?: string | undefined; limit: number },
): Promise<Page<ApplicationRecord>> =>
  queryPage(
    'gsi2',
    applicationKeys.userPk(siteId, userId),
    { ...opts, newestFirst: true },
    (i) => i[REC] as ApplicationRecord,
  );

export async function statusCounts(siteId: SiteId): Promise<Record<string, number>> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: applicationKeys.counts(siteId), ConsistentRead: true }),
  );
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(Item ?? {})) if (typeof v === 'number') out[k] = v;
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Document links

export interface DocumentLinkRecord {
  applicationId: string;
  documentId: string;
  expiresAt: string;
}

export async function putDocumentLink(siteId: SiteId, tokenHash: string, link: DocumentLinkRecord): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...applicationKeys.documentLink(siteId, tokenHash),
        kind: 'visaDocumentLink',
        ...link,
        // DynamoDB's TTL sweeps expired links; the read checks expiresAt itself.
        ttl: Math.ceil(new Date(link.expiresAt).getTime() / 1000) + 3600,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getDocumentLink(siteId: SiteId, tokenHash: string): Promise<DocumentLinkRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: applicationKeys.documentLink(siteId, tokenHash) }),
  );
  if (!Item) return null;
  return {
    applicationId: String(Item.applicationId),
    documentId: String(Item.documentId),
    expiresAt: String(Item.expiresAt),
  };
}

// ---------------------------------------------------------------------------------------------------
// Document purge schedule

/**
 * Schedules an application's documents for deletion (in the decision's transaction): a deadline of the one index
 * (functions/src/deadlines), fired once by the deadline worker (retention.ts `purgeDocuments`).
 */
export const purgePut = (siteId: SiteId, id: string, dueAt: string): TransactItem =>
  deadlineItem({ kind: 'visaDocumentsPurge', siteId, ref: id, dueAt, data: {} });

/** A purge of the schedule the deadline index replaced (the backfill's). */
export interface PurgeDue {
  siteId: SiteId;
  applicationId: string;
  dueAt: string;
  key: { pk: string; sk: string };
}

/** The old schedule's purges due by `now`, oldest first (one Query of the purge partition up to now; the backfill's). */
export async function purgesDue(now: string, limit: number): Promise<PurgeDue[]> {
  const out = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk <= :now',
      ExpressionAttributeValues: { ':pk': applicationKeys.purgePk(), ':now': `${now}#~` },
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map((i) => ({
    siteId: i.siteId as SiteId,
    applicationId: String(i.applicationId),
    dueAt: String(i.dueAt),
    key: { pk: String(i.pk), sk: String(i.sk) },
  }));
}

/** Drops an old schedule's entry once the backfill has put its deadline on the index. */
export async function removePurge(key: { pk: string; sk: string }): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: key }));
}

// ---------------------------------------------------------------------------------------------------
// Terms

export async function getTerms(siteId: SiteId): Promise<VisaTerms | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: applicationKeys.terms(siteId) }));
  return Item ? (Item[REC] as VisaTerms) : null;
}

/** Saves the site's terms with their audit entry (one transaction). */
export async function saveTerms(siteId: SiteId, terms: VisaTerms, audit: TransactItem): Promise<void> {
  await transact([
    { Put: { TableName: tableName(), Item: { ...applicationKeys.terms(siteId), kind: 'visaTerms', [REC]: terms } } },
    audit,
  ]);
}
