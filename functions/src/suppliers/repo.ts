import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { LinkStatus, MappingStatus } from '@tp/domain/supplier-links';
import { TABLE } from '@tp/contracts/platform';
import type { SupplierCategory } from '@tp/contracts/endpoints/suppliers';
import { db, tableName, transactOrFalse, type TransactItem } from '#lib/db';
import { type Key, type SiteId } from '#lib/keys';
import { leRelationKey } from '../markup/index.ts';
import { supplierKeys } from './keys.ts';
import { getLegalEntity, partnerAccountUserId } from '../users/index.ts';

/** A site's supplier offering (item type 'SupplierProfile'). */
export interface SupplierProfileRecord {
  siteId: SiteId;
  lists: { supplierListId: string; category: SupplierCategory }[];
  isListed: boolean;
  termsVersion: number;
  termsAndConditions: string;
  updatedAt: string;
}

/** Public details of a site, copied onto links and requests when they are made (never read across later). */
export interface SiteSnapshot {
  companyName: string;
  domain: string;
  logoUrl: string;
  adminEmail: string;
  adminContact: string;
}

export interface ActorRef {
  userId: string;
  email: string;
}

export interface Decider extends ActorRef {
  firstName: string;
  lastName: string;
}

/**
 * One supplier ⇄ consumer link for one category (item type 'SupplierLink'). Stored twice with the same
 * attributes: under the supplier (supplierKeys.consumerLink) and under the consumer (supplierKeys.supplierLink).
 */
export interface LinkRecord {
  supplierSiteId: SiteId;
  consumerSiteId: SiteId;
  category: SupplierCategory;
  supplierListId: string;
  status: LinkStatus;
  /** The consumer's own pause switch. */
  mappingStatus: MappingStatus;
  isFlightHoldAllowed: boolean;
  isFlightSearchAllowed: boolean;
  /** The request that produced the current status. */
  currentRequestId: string;
  requestGeneratedAt: string;
  /** First approval; kept through suspensions. */
  approvedAt?: string;
  /** The consumer's partner account on the supplier site (jump login target) and its legal entity. */
  consumerAdminUserId?: string;
  consumerLegalEntityId?: string;
  consumer: SiteSnapshot;
  supplier: SiteSnapshot;
  statusChangedAt: string;
  statusChangedBy: ActorRef;
  updatedAt: string;
}

export type RequestStatus = 'Pending' | 'Approved' | 'Rejected';

/** An API customer request (item type 'ApiCustomerRequest'), kept under the supplier as history. */
export interface RequestRecord {
  requestId: string;
  supplierSiteId: SiteId;
  consumerSiteId: SiteId;
  category: SupplierCategory;
  supplierListId: string;
  requestStatus: RequestStatus;
  requestGeneratedAt: string;
  consumer: SiteSnapshot;
  requestedBy: ActorRef;
  decider?: Decider;
  decidedAt?: string;
}

export interface TermsAcceptanceRecord {
  consumerSiteId: SiteId;
  supplierSiteId: SiteId;
  version: number;
  acceptedAt: string;
  acceptedBy: ActorRef;
}

/**
 * The owner's relation with a customer legal entity (markupKeys.leRelation). The item is shared with the
 * customer-group work, which keeps the LE's group on it: this side only ever SETs its own attributes.
 */
export interface LeRelationRecord {
  isTdsDeductable?: boolean;
  tdsChangedAt?: string;
  tdsChangedBy?: ActorRef;
}

/** Identifies a link; both copies' keys follow from it. */
export type LinkRef = Pick<LinkRecord, 'supplierSiteId' | 'consumerSiteId' | 'category'>;

const table = () => tableName();
const STRIP = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'type']);
const strip = <T>(item: Record<string, unknown>): T =>
  Object.fromEntries(Object.entries(item).filter(([k]) => !STRIP.has(k))) as T;

async function get<T>(key: Key): Promise<T | null> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: key }));
  return Item ? strip<T>(Item) : null;
}

/** Every page of a query: these lists are bounded (consumers × categories of one site), so read them whole. */
async function queryAll<T>(input: Omit<QueryCommandInput, 'TableName'>): Promise<T[]> {
  const out: T[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({ TableName: table(), ...input, ExclusiveStartKey: startKey }));
    for (const item of page.Items ?? []) out.push(strip<T>(item));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return out;
}

const byGsi1 = (pk: string, prefix?: string): Omit<QueryCommandInput, 'TableName'> => ({
  IndexName: TABLE.indexes.gsi1.name,
  KeyConditionExpression: prefix ? 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)' : 'gsi1pk = :pk',
  ExpressionAttributeValues: { ':pk': pk, ...(prefix ? { ':prefix': prefix } : {}) },
});

/** SET a = :a, … from a plain object (names and values escaped). */
function setExpression(fields: Record<string, unknown>, prefix: string) {
  const entries = Object.entries(fields).filter(([, v]) => v !== undefined);
  return {
    expression: entries.map((_, i) => `#${prefix}${i} = :${prefix}${i}`).join(', '),
    names: Object.fromEntries(entries.map(([k], i) => [`#${prefix}${i}`, k])),
    values: Object.fromEntries(entries.map(([, v], i) => [`:${prefix}${i}`, v])),
  };
}

// ---------------------------------------------------------------------------------------------------
// Profiles and the directory

export const getProfile = (siteId: SiteId) => get<SupplierProfileRecord>(supplierKeys.supplierProfile(siteId));

export async function putProfile(profile: SupplierProfileRecord): Promise<void> {
  // Only listed sites with something to sell enter the directory index.
  const listed = profile.isListed && profile.lists.length > 0;
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...supplierKeys.supplierProfile(profile.siteId),
        ...(listed ? supplierKeys.supplierDirectoryIndex(profile.siteId) : {}),
        type: 'SupplierProfile',
        ...profile,
      },
    }),
  );
}

export const listDirectory = () => queryAll<SupplierProfileRecord>(byGsi1(supplierKeys.supplierDirectoryPk()));

// ---------------------------------------------------------------------------------------------------
// Links

const supplierCopy = (r: LinkRef): Key => supplierKeys.consumerLink(r.supplierSiteId, r.consumerSiteId, r.category);
const consumerCopy = (r: LinkRef): Key => supplierKeys.supplierLink(r.consumerSiteId, r.supplierSiteId, r.category);

/** The supplier's copy (read by supplier-side operations). */
export const getLinkAtSupplier = (r: LinkRef) => get<LinkRecord>(supplierCopy(r));
/** The consumer's copy (read by consumer-side operations). */
export const getLinkAtConsumer = (r: LinkRef) => get<LinkRecord>(consumerCopy(r));

export const linksOfSupplier = (supplierSiteId: SiteId) =>
  queryAll<LinkRecord>(byGsi1(supplierKeys.consumerLinksPk(supplierSiteId)));

export const linksOfConsumer = (consumerSiteId: SiteId, supplierSiteId?: SiteId) =>
  queryAll<LinkRecord>(
    byGsi1(supplierKeys.supplierLinksPk(consumerSiteId), supplierSiteId ? `${supplierSiteId}#` : undefined),
  );

function linkPuts(
  link: LinkRecord,
  condition: { expression: string; values: Record<string, unknown> },
): TransactItem[] {
  const copies = [
    {
      ...supplierCopy(link),
      ...supplierKeys.consumerLinksIndex(link.supplierSiteId, link.consumerSiteId, link.category),
    },
    {
      ...consumerCopy(link),
      ...supplierKeys.supplierLinksIndex(link.consumerSiteId, link.supplierSiteId, link.category),
    },
  ];
  return copies.map((k) => ({
    Put: {
      TableName: table(),
      Item: { ...k, type: 'SupplierLink', ...link },
      ConditionExpression: condition.expression,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: condition.values,
    },
  }));
}

/** Updates both copies of a link, provided it is still in one of `expect` (and on `requestId`, when given). */
function linkUpdates(
  ref: LinkRef,
  fields: Partial<LinkRecord>,
  expect: { statuses: LinkStatus[]; requestId?: string },
): TransactItem[] {
  const set = setExpression({ ...fields }, 'f');
  const statusValues = Object.fromEntries(expect.statuses.map((s, i) => [`:s${i}`, s]));
  const condition = [
    `#status IN (${Object.keys(statusValues).join(', ')})`,
    ...(expect.requestId ? ['currentRequestId = :rid'] : []),
  ].join(' AND ');
  return [supplierCopy(ref), consumerCopy(ref)].map((Key) => ({
    Update: {
      TableName: table(),
      Key,
      UpdateExpression: `SET ${set.expression}`,
      ConditionExpression: `attribute_exists(pk) AND ${condition}`,
      ExpressionAttributeNames: { ...set.names, '#status': 'status' },
      ExpressionAttributeValues: {
        ...set.values,
        ...statusValues,
        ...(expect.requestId ? { ':rid': expect.requestId } : {}),
      },
    },
  }));
}

/** Both copies of a link, with the change's audit entry (lib/audit.ts) when given, in one transaction. */
export const updateLink = (
  ref: LinkRef,
  fields: Partial<LinkRecord>,
  expect: { statuses: LinkStatus[] },
  audit?: TransactItem,
) => transactOrFalse([...linkUpdates(ref, fields, expect), ...(audit ? [audit] : [])]);

// ---------------------------------------------------------------------------------------------------
// API customer requests

function requestItem(r: RequestRecord): Record<string, unknown> {
  return {
    ...supplierKeys.apiCustomerRequest(r.supplierSiteId, r.requestId),
    ...supplierKeys.apiCustomerRequestsIndex(r.supplierSiteId, r.requestGeneratedAt, r.requestId),
    ...supplierKeys.apiCustomerRequestsByStatusIndex(
      r.supplierSiteId,
      r.requestStatus,
      r.requestGeneratedAt,
      r.requestId,
    ),
    type: 'ApiCustomerRequest',
    ...r,
  };
}

export const getRequest = (supplierSiteId: SiteId, requestId: string) =>
  get<RequestRecord>(supplierKeys.apiCustomerRequest(supplierSiteId, requestId));

/** Newest first, all or one status. */
export function listRequests(supplierSiteId: SiteId, status?: RequestStatus): Promise<RequestRecord[]> {
  if (!status)
    return queryAll<RequestRecord>({
      ...byGsi1(supplierKeys.apiCustomerRequestsPk(supplierSiteId)),
      ScanIndexForward: false,
    });
  return queryAll<RequestRecord>({
    IndexName: TABLE.indexes.gsi2.name,
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': supplierKeys.apiCustomerRequestsByStatusPk(supplierSiteId, status) },
    ScanIndexForward: false,
  });
}

/**
 * A consumer's request: the request record and both copies of the link, in one transaction. The link
 * must not exist yet or must have been rejected (a new request after a rejection); false otherwise.
 */
export function openRequest(request: RequestRecord, link: LinkRecord): Promise<boolean> {
  return transactOrFalse([
    { Put: { TableName: table(), Item: requestItem(request), ConditionExpression: 'attribute_not_exists(pk)' } },
    ...linkPuts(link, {
      expression: 'attribute_not_exists(pk) OR #status = :rejected',
      values: { ':rejected': 'Rejected' },
    }),
  ]);
}

/**
 * The supplier's decision: the request (still Pending) and both copies of the link (still Pending on
 * that request) change together, so the two sites can never disagree about a decision.
 */
export function decideRequest(
  request: RequestRecord,
  decision: { requestStatus: 'Approved' | 'Rejected'; decider: Decider; decidedAt: string },
  linkFields: Partial<LinkRecord>,
  audit?: TransactItem,
): Promise<boolean> {
  const set = setExpression(
    { ...decision, gsi2pk: supplierKeys.apiCustomerRequestsByStatusPk(request.supplierSiteId, decision.requestStatus) },
    'r',
  );
  return transactOrFalse([
    {
      Update: {
        TableName: table(),
        Key: supplierKeys.apiCustomerRequest(request.supplierSiteId, request.requestId),
        UpdateExpression: `SET ${set.expression}`,
        ConditionExpression: 'requestStatus = :pending',
        ExpressionAttributeNames: set.names,
        ExpressionAttributeValues: { ...set.values, ':pending': 'Pending' },
      },
    },
    ...linkUpdates(request, linkFields, { statuses: ['Pending'], requestId: request.requestId }),
    ...(audit ? [audit] : []),
  ]);
}

// ---------------------------------------------------------------------------------------------------
// Terms acceptance (consumer side)

export const getAcceptance = (consumerSiteId: SiteId, supplierSiteId: SiteId) =>
  get<TermsAcceptanceRecord>(supplierKeys.supplierTermsAcceptance(consumerSiteId, supplierSiteId));

export const listAcceptances = (consumerSiteId: SiteId) =>
  queryAll<TermsAcceptanceRecord>(byGsi1(supplierKeys.supplierTermsAcceptancesPk(consumerSiteId)));

export async function putAcceptance(a: TermsAcceptanceRecord): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...supplierKeys.supplierTermsAcceptance(a.consumerSiteId, a.supplierSiteId),
        ...supplierKeys.supplierTermsAcceptancesIndex(a.consumerSiteId, a.supplierSiteId),
        type: 'SupplierTermsAcceptance',
        ...a,
      },
    }),
  );
}

// ---------------------------------------------------------------------------------------------------
// Legal-entity relation config

export const getLeRelation = (siteId: SiteId, legalEntityId: string) =>
  get<LeRelationRecord>(leRelationKey(siteId, legalEntityId));

/** Sets the TDS switch without touching the group fields that share the item. */
export async function setTdsDeductable(
  siteId: SiteId,
  legalEntityId: string,
  fields: Required<LeRelationRecord>,
): Promise<void> {
  const set = setExpression({ ...fields }, 'f');
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: leRelationKey(siteId, legalEntityId),
      UpdateExpression: `SET ${set.expression}, #type = if_not_exists(#type, :type), siteId = :site, legalEntityId = :le`,
      ExpressionAttributeNames: { ...set.names, '#type': 'type' },
      ExpressionAttributeValues: { ...set.values, ':type': 'LeRelation', ':site': siteId, ':le': legalEntityId },
    }),
  );
}

/** Whether a legal entity exists on the site (the users domain owns the item). */
export const legalEntityExists = async (siteId: SiteId, legalEntityId: string): Promise<boolean> =>
  (await getLegalEntity(siteId, legalEntityId)) !== null;

/** The consumer site's partner account on a supplier site (the users domain owns its link guard). */
export const partnerAccountId = partnerAccountUserId;
