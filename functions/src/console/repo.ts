/**
 * DynamoDB access of the console: operators and their sessions, resellers as the console keeps them, onboarding
 * requests (idempotency) and the operators' audit log, all in the platform's partition. The rules (who may,
 * what is refused) are the operations'; here items are read and written, and each write says what happened.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type {
  ConsoleAuditAction,
  GatewayMode,
  GoLiveState,
  OperatorMfa,
  SoldModule,
  SupplierMode,
  TAdminInvite,
} from '@tp/contracts/endpoints/console';
import type { SiteStatus } from '@tp/contracts/endpoints/site';
import {
  batchGet,
  db,
  queryPage,
  tableName,
  transactOrCancellations,
  writeOrFalse,
  type Page,
  type TransactItem,
} from '#lib/db';
import { keys, type SiteId } from '#lib/keys';
import { seal } from '#lib/sealed';
import { consoleKeys } from './keys.ts';

export interface OperatorRecord {
  operatorId: string;
  email: string;
  name: string;
  passwordHash: string;
  mfa: OperatorMfa;
  /** The TOTP shared secret (base32) when `mfa` is 'totp'. */
  totpSecret?: string;
  disabled: boolean;
  createdAt: string;
}

export interface OperatorSessionRecord {
  operatorId: string;
  createdAt: string;
  /** Epoch seconds; DynamoDB TTL removes the item some time after. */
  expiresAt: number;
}

export interface ResellerRecord {
  siteId: SiteId;
  companyName: string;
  domains: string[];
  status: SiteStatus;
  goLive: GoLiveState;
  legalEntity: { legalName: string; gstin: string; state: string; pan: string; address: string };
  adminContact: string;
  adminEmail: string;
  modules: SoldModule[];
  supplierMode: SupplierMode;
  gatewayMode: GatewayMode;
  branding: { primary: string; secondary: string };
  createdAt: string;
  /** The onboarding operator's email. */
  createdBy: string;
  suspension: { at: string; by: string; reason: string } | null;
  admin: TAdminInvite | null;
  /** The onboarding request's key and the hash of what it asked (a retry must ask the same). */
  onboardKey: string;
  requestHash: string;
}

export interface ConsoleAuditRecord {
  id: string;
  at: string;
  operator: { operatorId: string; email: string; name: string };
  action: ConsoleAuditAction;
  siteId: SiteId | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const table = () => tableName();

// ---------------------------------------------------------------------------------------------------
// Operators and sessions

export async function operatorIdByEmail(email: string): Promise<string | null> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: consoleKeys.operatorEmail(email) }));
  return typeof Item?.operatorId === 'string' ? Item.operatorId : null;
}

export async function getOperator(operatorId: string): Promise<OperatorRecord | null> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: consoleKeys.operator(operatorId) }));
  return (Item as OperatorRecord | undefined) ?? null;
}

/** A new operator with its email guard; false when the address is taken. */
export async function insertOperator(o: OperatorRecord): Promise<boolean> {
  const codes = await transactOrCancellations([
    {
      Put: {
        TableName: table(),
        Item: { ...consoleKeys.operator(o.operatorId), type: 'Operator', ...o },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: table(),
        Item: {
          ...consoleKeys.operatorEmail(o.email),
          type: 'Unique',
          kind: 'operatorEmail',
          operatorId: o.operatorId,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
  return codes === null;
}

/** Replaces a hash made with older parameters, unless the password changed meanwhile. */
export function replaceOperatorHash(operatorId: string, was: string, next: string): Promise<boolean> {
  return writeOrFalse(
    new UpdateCommand({
      TableName: table(),
      Key: consoleKeys.operator(operatorId),
      UpdateExpression: 'SET passwordHash = :next',
      ConditionExpression: 'passwordHash = :was',
      ExpressionAttributeValues: { ':next': next, ':was': was },
    }),
  );
}

export async function putOperatorSession(tokenHash: string, s: OperatorSessionRecord): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: { ...consoleKeys.operatorSession(tokenHash), type: 'OperatorSession', ...s },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** The session and its operator, read in one round trip; nulls when either is missing. */
export async function sessionWithOperator(
  tokenHash: string,
  operatorId: string,
): Promise<{ session: OperatorSessionRecord | null; operator: OperatorRecord | null }> {
  const sessionKey = consoleKeys.operatorSession(tokenHash);
  const operatorKey = consoleKeys.operator(operatorId);
  const items = await batchGet([sessionKey, operatorKey]);
  const find = (k: { pk: string; sk: string }) => items.find((i) => i.pk === k.pk && i.sk === k.sk);
  return {
    session: (find(sessionKey) as OperatorSessionRecord | undefined) ?? null,
    operator: (find(operatorKey) as OperatorRecord | undefined) ?? null,
  };
}

export async function deleteOperatorSession(tokenHash: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: consoleKeys.operatorSession(tokenHash) }));
}

// ---------------------------------------------------------------------------------------------------
// The operators' audit log

/** The Put of one audit entry, for the transaction of the step it records (append-only). */
export function auditItem(e: ConsoleAuditRecord): TransactItem {
  return {
    Put: {
      TableName: table(),
      Item: {
        ...consoleKeys.auditEntry(e.at, e.id),
        ...(e.siteId ? consoleKeys.auditOfSiteIndex(e.siteId, e.at, e.id) : {}),
        type: 'OperatorAudit',
        ...e,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** An entry on its own (a sign-in: nothing else changes with it). */
export async function putAudit(e: ConsoleAuditRecord): Promise<void> {
  await db().send(new PutCommand(auditItem(e).Put!));
}

const toAudit = (i: Record<string, unknown>): ConsoleAuditRecord => ({
  id: String(i.id),
  at: String(i.at),
  operator: i.operator as ConsoleAuditRecord['operator'],
  action: i.action as ConsoleAuditAction,
  siteId: (i.siteId as SiteId | null | undefined) ?? null,
  before: (i.before as Record<string, unknown> | null | undefined) ?? null,
  after: (i.after as Record<string, unknown> | null | undefined) ?? null,
});

/** The log newest first, or one reseller's entries. */
export function auditPage(
  siteId: SiteId | undefined,
  opts: { cursor?: string | undefined; limit: number },
): Promise<Page<ConsoleAuditRecord>> {
  return siteId
    ? queryPage('gsi1', consoleKeys.auditOfSitePk(siteId), { ...opts, newestFirst: true }, toAudit)
    : queryPage('table', consoleKeys.auditPk(), { ...opts, newestFirst: true }, toAudit);
}

// ---------------------------------------------------------------------------------------------------
// Resellers

const RESELLER_TYPE = 'Reseller';
const toReseller = (i: Record<string, unknown>): ResellerRecord => {
  const { pk: _pk, sk: _sk, gsi1pk: _g, gsi1sk: _s, type: _t, ...rest } = i;
  return rest as unknown as ResellerRecord;
};

export async function getReseller(siteId: SiteId, consistent = false): Promise<ResellerRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: table(), Key: consoleKeys.reseller(siteId), ConsistentRead: consistent }),
  );
  return Item ? toReseller(Item) : null;
}

export function resellerPage(opts: { cursor?: string | undefined; limit: number }): Promise<Page<ResellerRecord>> {
  return queryPage('gsi1', consoleKeys.resellersPk(), { ...opts, newestFirst: true }, toReseller);
}

/** The site an onboarding request key made, with what that request asked (its hash); null when unused. */
export async function onboardRequest(idempotencyKey: string): Promise<{ siteId: SiteId; requestHash: string } | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: table(), Key: consoleKeys.onboardRequest(idempotencyKey), ConsistentRead: true }),
  );
  return Item ? { siteId: Item.siteId as SiteId, requestHash: String(Item.requestHash) } : null;
}

/** Which of the domains another site already holds (the transaction guards them again). */
export async function takenDomains(domains: readonly string[]): Promise<string[]> {
  const items = await batchGet(domains.map((d) => keys.domain(d)));
  const held = new Set(items.map((i) => i.pk));
  return domains.filter((d) => held.has(keys.domain(d).pk));
}

export type OnboardWrite =
  | { ok: true }
  /** Another request with this key committed first (a concurrent retry). */
  | { ok: false; reason: 'key' }
  /** A domain of the request is held by another site (the index in `siteItems`). */
  | { ok: false; reason: 'item'; index: number };

/**
 * Onboards in one transaction: the request key (first: a concurrent retry cancels here), the console's record,
 * the site's items (site, domains, policies, groups, markup, settings) and the audit entry. Which guard held is
 * answered; any other failure throws.
 */
export async function onboard(
  r: ResellerRecord,
  siteItems: TransactItem[],
  audit: ConsoleAuditRecord,
): Promise<OnboardWrite> {
  const items: TransactItem[] = [
    {
      Put: {
        TableName: table(),
        Item: {
          ...consoleKeys.onboardRequest(r.onboardKey),
          type: 'OnboardRequest',
          siteId: r.siteId,
          requestHash: r.requestHash,
          at: r.createdAt,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: table(),
        Item: {
          ...consoleKeys.reseller(r.siteId),
          ...consoleKeys.resellersIndex(r.createdAt, r.siteId),
          type: RESELLER_TYPE,
          ...r,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...siteItems,
    auditItem(audit),
  ];
  const codes = await transactOrCancellations(items);
  if (!codes) return { ok: true };
  if (codes[0] === 'ConditionalCheckFailed') return { ok: false, reason: 'key' };
  const at = codes.findIndex((c, i) => i >= 2 && i < 2 + siteItems.length && c === 'ConditionalCheckFailed');
  if (at < 0) throw new Error(`onboarding cancelled by an unguarded condition: ${codes.join(', ')}`);
  return { ok: false, reason: 'item', index: at - 2 };
}

/**
 * Sets fields of the console's record (only if it is still as read: `expect` compares each named field), with
 * the site items and audit entry of the same step, in one transaction; false when someone changed it first.
 */
export async function updateReseller(
  siteId: SiteId,
  set: Partial<ResellerRecord>,
  expect: Partial<Pick<ResellerRecord, 'status'>> & { adminState?: TAdminInvite['state'] | null },
  siteItems: TransactItem[],
  audit: ConsoleAuditRecord,
): Promise<boolean> {
  const names = Object.keys(set) as (keyof ResellerRecord)[];
  const conditions = ['attribute_exists(pk)'];
  const values: Record<string, unknown> = Object.fromEntries(names.map((n) => [`:${n}`, set[n] ?? null]));
  if (expect.status) {
    conditions.push('#status = :expectStatus');
    values[':expectStatus'] = expect.status;
  }
  if (expect.adminState === null) conditions.push('(attribute_not_exists(admin) OR admin = :none)');
  else if (expect.adminState) {
    conditions.push('admin.#state = :expectAdmin');
    values[':expectAdmin'] = expect.adminState;
  }
  if (expect.adminState === null) values[':none'] = null;
  const attrNames: Record<string, string> = Object.fromEntries(names.map((n) => [`#${n}`, n]));
  if (expect.status) attrNames['#status'] = 'status';
  if (expect.adminState) attrNames['#state'] = 'state';
  const codes = await transactOrCancellations([
    {
      Update: {
        TableName: table(),
        Key: consoleKeys.reseller(siteId),
        UpdateExpression: `SET ${names.map((n) => `#${n} = :${n}`).join(', ')}`,
        ConditionExpression: conditions.join(' AND '),
        ExpressionAttributeNames: attrNames,
        ExpressionAttributeValues: values,
      },
    },
    ...siteItems,
    auditItem(audit),
  ]);
  return codes === null;
}

/** The site record's status, as an item of the suspend / reactivate transaction. */
export const siteStatusItem = (siteId: SiteId, status: SiteStatus): TransactItem => ({
  Update: {
    TableName: table(),
    Key: keys.site(siteId),
    UpdateExpression: 'SET #status = :status',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':status': status },
  },
});

/**
 * A new site's secrets item with the supply and gateway it starts with (sealed, as the flight settings store
 * them), for the onboarding transaction; none when staff set both up later.
 */
export async function startingSecretsItems(
  siteId: SiteId,
  settings: { flightSupply?: unknown; paymentGateway?: unknown },
  now: Date,
  by: string,
): Promise<TransactItem[]> {
  const at = now.toISOString();
  const item: Record<string, unknown> = {};
  if (settings.flightSupply !== undefined)
    Object.assign(item, {
      flightSupply: await seal(settings.flightSupply, { siteId, field: 'flightSupply' }),
      flightSupplyUpdatedAt: at,
      flightSupplyUpdatedBy: by,
    });
  if (settings.paymentGateway !== undefined)
    Object.assign(item, {
      paymentGateway: await seal(settings.paymentGateway, { siteId, field: 'paymentGateway' }),
      paymentGatewayUpdatedAt: at,
      paymentGatewayUpdatedBy: by,
    });
  if (!Object.keys(item).length) return [];
  return [
    {
      Put: {
        TableName: table(),
        Item: { ...keys.siteSecrets(siteId), ...item },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
}
