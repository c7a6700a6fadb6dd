/**
 * DynamoDB access of the flight back office. Bookings are read through the ticket queues' repo (the
 * site's booking-date index and travel-date projection: Queries, never scans); what is ours here is the
 * supply setting on the site's secrets item, two site policies on the site record and supplier deposits.
 */
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { LookToBookPolicy } from '@tp/domain/look-to-book';
import { db, queryAll, tableName, transactOrFalse } from '#lib/db';
import { keys, type SiteId } from '#lib/keys';
import { seal, unseal } from '#lib/sealed';
import { flightAdminKeys } from './keys.ts';

/**
 * The raw stored supply setting and payment gateway setting (validated by the caller), and when staff
 * last saved the supply.
 */
export async function storedSupply(
  siteId: SiteId,
): Promise<{ raw: unknown; updatedAt: string | null; paymentGateway: unknown }> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.siteSecrets(siteId),
      ConsistentRead: true,
      ProjectionExpression: 'flightSupply, flightSupplyUpdatedAt, paymentGateway',
    }),
  );
  const [raw, paymentGateway] = await Promise.all([
    unseal(Item?.flightSupply, { siteId, field: 'flightSupply' }),
    unseal(Item?.paymentGateway, { siteId, field: 'paymentGateway' }),
  ]);
  return {
    raw: raw ?? null,
    updatedAt: (Item?.flightSupplyUpdatedAt as string | undefined) ?? null,
    paymentGateway: paymentGateway ?? null,
  };
}

/**
 * Saves the flight settings: the supply and the payment gateway on the secrets item (each only when
 * given; other secrets there are left alone) and the policies on the site record, in one transaction.
 */
export async function saveSettings(
  siteId: SiteId,
  input: {
    supply?: unknown;
    paymentGateway?: unknown;
    lookToBook: LookToBookPolicy;
    holdsOffered: boolean;
    now: Date;
    byUserId: string;
  },
): Promise<void> {
  const at = input.now.toISOString();
  // One update of the secrets item (a transaction may touch an item once): only the parts given.
  const secrets: Record<string, unknown> = {};
  if (input.supply !== undefined)
    Object.assign(secrets, {
      flightSupply: await seal(input.supply, { siteId, field: 'flightSupply' }),
      flightSupplyUpdatedAt: at,
      flightSupplyUpdatedBy: input.byUserId,
    });
  if (input.paymentGateway !== undefined)
    Object.assign(secrets, {
      paymentGateway: await seal(input.paymentGateway, { siteId, field: 'paymentGateway' }),
      paymentGatewayUpdatedAt: at,
      paymentGatewayUpdatedBy: input.byUserId,
    });
  const names = Object.keys(secrets);
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        ...(names.length === 0
          ? []
          : [
              {
                Update: {
                  TableName: tableName(),
                  Key: keys.siteSecrets(siteId),
                  UpdateExpression: `SET ${names.map((n) => `#${n} = :${n}`).join(', ')}`,
                  ExpressionAttributeNames: Object.fromEntries(names.map((n) => [`#${n}`, n])),
                  ExpressionAttributeValues: Object.fromEntries(names.map((n) => [`:${n}`, secrets[n]])),
                },
              },
            ]),
        {
          Update: {
            TableName: tableName(),
            Key: keys.site(siteId),
            UpdateExpression: 'SET lookToBook = :l, flightHoldsOffered = :h',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':l': input.lookToBook, ':h': input.holdsOffered },
          },
        },
      ],
    }),
  );
}

// ---------------------------------------------------------------------------------------------------
// Supplier deposits

export interface DepositRecord {
  depositId: string;
  supplier: string;
  amount: number;
  currency: string;
  date: string;
  reference: string;
  note: string;
  byUserId: string;
  createdAt: string;
}

/**
 * Records a deposit once per id: a unique item guards the id (a repeated or concurrent submit writes
 * nothing), the deposit goes into its supplier's partition by date, and the account is listed.
 */
export async function putDeposit(siteId: SiteId, d: DepositRecord): Promise<'done' | 'duplicate'> {
  return (await transactOrFalse([
    {
      Put: {
        TableName: tableName(),
        Item: { ...flightAdminKeys.supplierDepositId(siteId, d.depositId), type: 'Unique', kind: 'supplierDeposit' },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...flightAdminKeys.supplierDeposit(siteId, d.supplier, d.date, d.depositId),
          type: 'SupplierDeposit',
          ...d,
        },
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...flightAdminKeys.supplierDepositAccount(siteId, d.supplier),
          type: 'SupplierAccount',
          supplier: d.supplier,
        },
      },
    },
  ]))
    ? 'done'
    : 'duplicate';
}

/** A supplier account's deposits dated on or before `to` (all of them when omitted), oldest first. */
export async function depositsOf(siteId: SiteId, supplier: string, to?: string): Promise<DepositRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: to ? 'pk = :pk AND sk <= :to' : 'pk = :pk',
    ExpressionAttributeValues: {
      ':pk': flightAdminKeys.supplierDepositsPk(siteId, supplier),
      ...(to ? { ':to': `${to}#~` } : {}),
    },
  });
  return items.map((i) => ({
    depositId: String(i.depositId),
    supplier: String(i.supplier),
    amount: Number(i.amount),
    currency: String(i.currency ?? 'INR'),
    date: String(i.date),
    reference: String(i.reference ?? ''),
    note: String(i.note ?? ''),
    byUserId: String(i.byUserId ?? ''),
    createdAt: String(i.createdAt ?? ''),
  }));
}

/** Supplier accounts that have deposits. */
export async function depositAccounts(siteId: SiteId): Promise<string[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': flightAdminKeys.supplierDepositAccountsPk(siteId) },
  });
  return items.map((i) => String(i.supplier));
}
