/**
 * Searches, quotes and payment orders. Searches and quotes live as long as the supplier's trace (TTL);
 * orders stay (they are the payment record), with their own 15-minute payment window.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type {
  OrderStatus,
  TFare,
  TFareRule,
  TPaxFare,
  TPaymentOrder,
  TSearchRequest,
  TSsrCatalogue,
} from '@tp/contracts/endpoints/flights';
import type { SupplierFare } from '@tp/domain/pricing';
import { db, tableName, writeOrFalse, type TransactItem } from '#lib/db';
import { type SiteId } from '#lib/keys';
import { flightKeys } from './keys.ts';
import type { SupplierOption, SupplyPassenger } from '../supply/index.ts';

const epoch = (iso: string) => Math.floor(Date.parse(iso) / 1000);

export interface SearchRecord {
  siteId: SiteId;
  searchId: string;
  userId: string;
  request: TSearchRequest;
  supply: string;
  traceId: string;
  isDomestic: boolean;
  createdAt: string;
  expiresAtIso: string;
  /** What each option cost the caller at search time, to tell a price change at fare quote. */
  payables: Record<string, number>;
  /** Normal return: the booking of the first leg, once made, so the second links to it. */
  legBookings?: Record<string, string>;
  /** A one-way search for a return trip's second leg (checked when searched; trips-repo.ts). */
  tripId?: string;
}

export async function putSearch(s: SearchRecord): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...flightKeys.flightSearch(s.siteId, s.searchId),
        type: 'FlightSearch',
        ...s,
        expiresAt: epoch(s.expiresAtIso) + 3600,
      },
    }),
  );
}

export async function getSearch(siteId: SiteId, searchId: string): Promise<SearchRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: flightKeys.flightSearch(siteId, searchId) }),
  );
  return Item ? (Item as unknown as SearchRecord) : null;
}

export interface QuoteRecord {
  siteId: SiteId;
  searchId: string;
  resultIndex: string;
  option: SupplierOption;
  isPriceChanged: boolean;
  previousPublishedFare: number;
  fareRules: TFareRule[] | null;
  ssr: TSsrCatalogue | null | undefined;
  quotedAt: string;
  expiresAtIso: string;
}

export async function putQuote(q: QuoteRecord): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...flightKeys.flightQuote(q.siteId, q.searchId, q.resultIndex),
        type: 'FlightQuote',
        ...q,
        expiresAt: epoch(q.expiresAtIso) + 3600,
      },
    }),
  );
}

export async function getQuote(siteId: SiteId, searchId: string, resultIndex: string): Promise<QuoteRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: flightKeys.flightQuote(siteId, searchId, resultIndex) }),
  );
  return Item ? (Item as unknown as QuoteRecord) : null;
}

/**
 * @public Called through `OrderDeps.orders` (orderDeps hands this module over whole).
 */
export async function setSearchLegBooking(
  siteId: SiteId,
  searchId: string,
  leg: number,
  bookingId: string,
): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: flightKeys.flightSearch(siteId, searchId),
      UpdateExpression: 'SET legBookings = if_not_exists(legBookings, :empty)',
      ExpressionAttributeValues: { ':empty': {} },
    }),
  );
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: flightKeys.flightSearch(siteId, searchId),
      UpdateExpression: 'SET legBookings.#leg = :b',
      ExpressionAttributeNames: { '#leg': String(leg) },
      ExpressionAttributeValues: { ':b': bookingId },
    }),
  );
}

/** Caches a quote's fare rules or SSR catalogue on the quote item (null SSR = the supplier has none). */
export async function setQuoteExtra(
  siteId: SiteId,
  searchId: string,
  resultIndex: string,
  field: 'fareRules' | 'ssr',
  value: unknown,
): Promise<void> {
  // A quote that expired in the meantime is simply not annotated.
  await writeOrFalse(
    new UpdateCommand({
      TableName: tableName(),
      Key: flightKeys.flightQuote(siteId, searchId, resultIndex),
      UpdateExpression: 'SET #f = :v',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#f': field },
      ExpressionAttributeValues: { ':v': value },
    }),
  );
}

/** A payment order with everything needed to book once it is paid. */
export interface OrderRecord extends TPaymentOrder {
  siteId: SiteId;
  userId: string;
  legalEntityId: string;
  searchId: string;
  resultIndex: string;
  supply: string;
  option: SupplierOption;
  supplierFare: SupplierFare;
  fare: TFare;
  fareBreakdown: TPaxFare[];
  fareRules: TFareRule[];
  passengers: SupplyPassenger[];
  journeyType: number;
  isDomestic: boolean;
  leg: number;
  /** The return trip this order books a leg of (leg 1 starts it, leg 2 completes it). */
  tripId?: string;
  createdAt: string;
  /** While 'booking': until when the worker that claimed it owns it (a crashed claim can be retaken). */
  claimUntil?: string;
  gatewayPayment?: { paymentId: string; transactionId: string; gateway: string; amount: number };
}

/**
 * @public Called through `OrderDeps.orders` (orderDeps hands this module over whole).
 */
export async function putOrder(o: OrderRecord): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...flightKeys.paymentOrder(o.siteId, o.orderId),
        ...flightKeys.ordersOfUserIndex(o.siteId, o.userId, o.createdAt, o.orderId),
        ...flightKeys.ordersIndex(o.siteId, o.createdAt, o.orderId),
        type: 'PaymentOrder',
        ...o,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getOrder(siteId: SiteId, orderId: string): Promise<OrderRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: flightKeys.paymentOrder(siteId, orderId), ConsistentRead: true }),
  );
  return Item ? (Item as unknown as OrderRecord) : null;
}

/** An order state change as a transaction item, valid only from one of `from`. */
export function orderTransition(
  siteId: SiteId,
  orderId: string,
  from: OrderStatus[],
  set: Record<string, unknown>,
  extraCondition?: { expression: string; values: Record<string, unknown> },
): TransactItem {
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = {};
  const sets = Object.entries(set).map(([k, v], i) => {
    names[`#s${i}`] = k;
    values[`:s${i}`] = v;
    return `#s${i} = :s${i}`;
  });
  const froms = from.map((f, i) => {
    values[`:f${i}`] = f;
    return `#status = :f${i}`;
  });
  Object.assign(values, extraCondition?.values ?? {});
  return {
    Update: {
      TableName: tableName(),
      Key: flightKeys.paymentOrder(siteId, orderId),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: `(${froms.join(' OR ')})${extraCondition ? ` AND (${extraCondition.expression})` : ''}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/** Runs one order transition alone; false when the order was not in a `from` state. */
export async function transitionOrder(
  siteId: SiteId,
  orderId: string,
  from: OrderStatus[],
  set: Record<string, unknown>,
  extraCondition?: { expression: string; values: Record<string, unknown> },
): Promise<boolean> {
  return writeOrFalse(new UpdateCommand(orderTransition(siteId, orderId, from, set, extraCondition).Update!));
}

/** Which one-open-order guard of a booking: "Ticket now" on a hold, or extras after ticketing. */
export type OrderGuard = 'ticket' | 'extras';
const guardKey = (guard: OrderGuard, siteId: SiteId, bookingId: string) =>
  guard === 'extras' ? flightKeys.extrasOrder(siteId, bookingId) : flightKeys.holdTicketOrder(siteId, bookingId);

/**
 * The order that a booking's guard names ("Ticket now" on a hold, or extras after ticketing), if any.
 * @public Called through `OrderDeps.orders` (orderDeps hands this module over whole).
 */
export async function holdTicketOrderId(
  siteId: SiteId,
  bookingId: string,
  guard: OrderGuard = 'ticket',
): Promise<string | null> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: guardKey(guard, siteId, bookingId),
      ConsistentRead: true,
    }),
  );
  return Item ? String(Item.orderId) : null;
}

/**
 * Points a booking's guard at a new "Ticket now" (or extras) order, unless another order took it since
 * `previous` was read (false: the caller uses that one instead).
 * @public Called through `OrderDeps.orders` (orderDeps hands this module over whole).
 */
export async function claimHoldTicketOrder(
  siteId: SiteId,
  bookingId: string,
  orderId: string,
  previous: string | null,
  nowIso: string,
  guard: OrderGuard = 'ticket',
): Promise<boolean> {
  return writeOrFalse(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...guardKey(guard, siteId, bookingId),
        type: guard === 'extras' ? 'ExtrasOrder' : 'HoldTicketOrder',
        orderId,
        createdAt: nowIso,
      },
      ConditionExpression: previous ? 'orderId = :prev' : 'attribute_not_exists(pk)',
      ...(previous ? { ExpressionAttributeValues: { ':prev': previous } } : {}),
    }),
  );
}
