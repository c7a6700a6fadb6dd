/**
 * The simulated consolidator's state in DynamoDB, under the site whose supply it is: seats sold per
 * flight and date, supplier bookings (PNRs) and change requests. Everything else is regenerated.
 */
import {
  BatchGetCommand,
  GetCommand,
  TransactWriteCommand,
  type BatchGetCommandInput,
  type BatchGetCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import type { TSegment } from '@tp/contracts/endpoints/flights';
import type { SupplierFare } from '@tp/domain/pricing';
import { db, tableName, transactOrFalse } from '#lib/db';
import { type SiteId } from '#lib/keys';
import { supplyKeys } from '../keys.ts';

export interface SeatClaim {
  date: string;
  key: string;
  seats: number;
  /** Seats the flight had on sale that day (the claim fails past it). */
  onSale: number;
}

export interface SimTicket {
  ticketId: string;
  ticketNumber: string;
  paxIndex: number;
  /** The change request that covers this ticket, once asked. */
  changeRequestId?: string;
}

export interface SimBooking {
  supplierBookingId: string;
  pnr: string;
  airlinePnr: string;
  status: 'held' | 'ticketed' | 'released';
  source: string;
  isLcc: boolean;
  airlineCode: string;
  traceId: string;
  resultIndex: string;
  familyId: string;
  domestic: boolean;
  createdAt: string;
  lastTicketDate: string | null;
  firstDepartureUtc: number;
  seats: SeatClaim[];
  passengers: {
    firstName: string;
    lastName: string;
    paxType: 1 | 2 | 3;
    baseFare: number;
    tax: number;
    /** Kept since PNR import needs them; absent on older bookings. */
    title?: 'Mr' | 'Mrs' | 'Ms' | 'Miss' | 'Mstr';
    gender?: 1 | 2;
    dateOfBirth?: string;
  }[];
  tickets: SimTicket[];
  fare: SupplierFare;
  version: number;
  /** The buyer's booking reference (our payment order id), when given. */
  reference?: string;
  /** The schedule confirmed after an airline's change (the new times, or an alternative's flights). */
  schedule?: TSegment[][];
  /** Bags and seats bought after ticketing, one entry per buyer's reference (bought once each). */
  extraPurchases?: { reference: string; extraIds: string[]; charged: number; at: string }[];
}

export interface SimChangeRequest {
  changeRequestId: string;
  supplierBookingId: string;
  ticketId: string | null;
  requestType: 1 | 2 | 3;
  cancellationType: 1 | 2 | 3;
  remarks: string;
  createdAt: string;
  refundAmount: number;
  cancellationCharge: number;
}

export interface SimStore {
  /** Seats sold so far, by `<date>|<flight key>`. */
  soldSeats(siteId: SiteId, legs: { date: string; key: string }[]): Promise<Map<string, number>>;
  /** All or nothing; false when a flight has too few seats left. */
  claimSeats(siteId: SiteId, claims: SeatClaim[]): Promise<boolean>;
  returnSeats(siteId: SiteId, claims: SeatClaim[]): Promise<void>;
  putBooking(siteId: SiteId, b: SimBooking): Promise<void>;
  getBooking(siteId: SiteId, supplierBookingId: string): Promise<SimBooking | null>;
  /** The booking last made under a buyer's reference. */
  findByReference(siteId: SiteId, reference: string): Promise<SimBooking | null>;
  /** The booking with this PNR (bookings made before the PNR was indexed are not found). */
  findByPnr(siteId: SiteId, pnr: string): Promise<SimBooking | null>;
  /** Saves `b` (its version already bumped) if the stored version is still `b.version - 1`, with the new change requests. */
  saveBooking(siteId: SiteId, b: SimBooking, changeRequests?: SimChangeRequest[]): Promise<boolean>;
  getChangeRequest(siteId: SiteId, changeRequestId: string): Promise<SimChangeRequest | null>;
}

const DAY_S = 86_400;
const epoch = (ms: number) => Math.floor(ms / 1000);
const seatId = (date: string, key: string) => `${date}|${key}`;

export const dynamoSimStore: SimStore = {
  async soldSeats(siteId, legs) {
    const out = new Map<string, number>();
    const unique = [...new Map(legs.map((l) => [seatId(l.date, l.key), l])).values()];
    for (let i = 0; i < unique.length; i += 100) {
      let request: BatchGetCommandInput['RequestItems'] = {
        [tableName()]: { Keys: unique.slice(i, i + 100).map((l) => supplyKeys.simSeats(siteId, l.date, l.key)) },
      };
      // BatchGet may leave keys unprocessed under throttling; ask again for just those.
      for (let attempt = 0; request && attempt < 5; attempt++) {
        const res: BatchGetCommandOutput = await db().send(new BatchGetCommand({ RequestItems: request }));
        for (const item of res.Responses?.[tableName()] ?? [])
          out.set(seatId(item.date as string, item.flightKey as string), item.sold as number);
        const rest = res.UnprocessedKeys?.[tableName()];
        request = rest?.Keys?.length ? { [tableName()]: { Keys: rest.Keys } } : undefined;
      }
    }
    return out;
  },

  async claimSeats(siteId, claims) {
    if (claims.some((c) => c.seats > c.onSale)) return false;
    return transactOrFalse(
      claims.map((c) => ({
        Update: {
          TableName: tableName(),
          Key: supplyKeys.simSeats(siteId, c.date, c.key),
          UpdateExpression: 'ADD sold :n SET #date = :date, flightKey = :key, #type = :type, expiresAt = :exp',
          ConditionExpression: 'attribute_not_exists(sold) OR sold <= :max',
          ExpressionAttributeNames: { '#date': 'date', '#type': 'type' },
          ExpressionAttributeValues: {
            ':n': c.seats,
            ':max': c.onSale - c.seats,
            ':date': c.date,
            ':key': c.key,
            ':type': 'SimSeats',
            ':exp': epoch(Date.parse(`${c.date}T00:00:00Z`)) + 3 * DAY_S,
          },
        },
      })),
    );
  },

  async returnSeats(siteId, claims) {
    await db().send(
      new TransactWriteCommand({
        TransactItems: claims.map((c) => ({
          Update: {
            TableName: tableName(),
            Key: supplyKeys.simSeats(siteId, c.date, c.key),
            UpdateExpression: 'ADD sold :n',
            ConditionExpression: 'sold >= :m',
            ExpressionAttributeValues: { ':n': -c.seats, ':m': c.seats },
          },
        })),
      }),
    );
  },

  async putBooking(siteId, b) {
    const booking = {
      Put: {
        TableName: tableName(),
        Item: {
          ...supplyKeys.simBooking(siteId, b.supplierBookingId),
          type: 'SimBooking',
          ...b,
          expiresAt: bookingTtl(b),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    };
    // The reference lookup is written with the booking: a booking never exists unfindable.
    const ref = b.reference
      ? {
          Put: {
            TableName: tableName(),
            Item: {
              ...supplyKeys.simBookingRef(siteId, b.reference),
              type: 'SimBookingRef',
              supplierBookingId: b.supplierBookingId,
              expiresAt: bookingTtl(b),
            },
          },
        }
      : null;
    // So is its PNR's, for the PNR import of a booking made elsewhere.
    const byPnr = {
      Put: {
        TableName: tableName(),
        Item: {
          ...supplyKeys.simBookingPnr(siteId, b.pnr),
          type: 'SimBookingPnr',
          supplierBookingId: b.supplierBookingId,
          expiresAt: bookingTtl(b),
        },
      },
    };
    await db().send(new TransactWriteCommand({ TransactItems: ref ? [booking, ref, byPnr] : [booking, byPnr] }));
  },

  async getBooking(siteId, id) {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: supplyKeys.simBooking(siteId, id) }),
    );
    return (Item as SimBooking | undefined) ?? null;
  },

  async findByReference(siteId, reference) {
    const { Item } = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: supplyKeys.simBookingRef(siteId, reference),
        ConsistentRead: true,
      }),
    );
    return Item ? this.getBooking(siteId, String(Item.supplierBookingId)) : null;
  },

  async findByPnr(siteId, pnr) {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: supplyKeys.simBookingPnr(siteId, pnr), ConsistentRead: true }),
    );
    return Item ? this.getBooking(siteId, String(Item.supplierBookingId)) : null;
  },

  async saveBooking(siteId, b, changeRequests = []) {
    return transactOrFalse([
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...supplyKeys.simBooking(siteId, b.supplierBookingId),
            type: 'SimBooking',
            ...b,
            expiresAt: bookingTtl(b),
          },
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: { ':v': b.version - 1 },
        },
      },
      ...changeRequests.map((cr) => ({
        Put: {
          TableName: tableName(),
          Item: {
            ...supplyKeys.simChangeRequest(siteId, cr.changeRequestId),
            type: 'SimChangeRequest',
            ...cr,
            expiresAt: bookingTtl(b),
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      })),
    ]);
  },

  async getChangeRequest(siteId, id) {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: supplyKeys.simChangeRequest(siteId, id) }),
    );
    return (Item as SimChangeRequest | undefined) ?? null;
  },
};

/** Supplier records are kept a year past departure (refunds and audits), then expire. */
const bookingTtl = (b: SimBooking) => epoch(b.firstDepartureUtc) + 365 * DAY_S;

/** The same contract in memory (unit tests). */
export function memorySimStore(): SimStore {
  const sold = new Map<string, number>();
  const bookings = new Map<string, SimBooking>();
  const refs = new Map<string, string>();
  const crs = new Map<string, SimChangeRequest>();
  const clone = <T>(v: T): T => structuredClone(v);
  return {
    soldSeats: async (siteId, legs) =>
      new Map(legs.map((l) => [seatId(l.date, l.key), sold.get(`${siteId}|${seatId(l.date, l.key)}`) ?? 0])),
    claimSeats: async (siteId, claims) => {
      const id = (c: SeatClaim) => `${siteId}|${seatId(c.date, c.key)}`;
      if (claims.some((c) => (sold.get(id(c)) ?? 0) + c.seats > c.onSale)) return false;
      for (const c of claims) sold.set(id(c), (sold.get(id(c)) ?? 0) + c.seats);
      return true;
    },
    returnSeats: async (siteId, claims) => {
      for (const c of claims) {
        const id = `${siteId}|${seatId(c.date, c.key)}`;
        sold.set(id, Math.max(0, (sold.get(id) ?? 0) - c.seats));
      }
    },
    putBooking: async (siteId, b) => {
      bookings.set(`${siteId}|${b.supplierBookingId}`, clone(b));
      if (b.reference) refs.set(`${siteId}|${b.reference}`, b.supplierBookingId);
    },
    getBooking: async (siteId, id) => clone(bookings.get(`${siteId}|${id}`) ?? null),
    findByPnr: async (siteId, pnr) =>
      clone([...bookings.entries()].find(([k, b]) => k.startsWith(`${siteId}|`) && b.pnr === pnr)?.[1] ?? null),
    findByReference: async (siteId, reference) => {
      const id = refs.get(`${siteId}|${reference}`);
      return id ? clone(bookings.get(`${siteId}|${id}`) ?? null) : null;
    },
    saveBooking: async (siteId, b, changeRequests = []) => {
      const id = `${siteId}|${b.supplierBookingId}`;
      if (bookings.get(id)?.version !== b.version - 1) return false;
      bookings.set(id, clone(b));
      for (const cr of changeRequests) crs.set(`${siteId}|${cr.changeRequestId}`, clone(cr));
      return true;
    },
    getChangeRequest: async (siteId, id) => clone(crs.get(`${siteId}|${id}`) ?? null),
  };
}
