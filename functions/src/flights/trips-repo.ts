/**
 * Return trips (docs/flights.md "Return trips"): the onward and return legs of a normal
 * return as one record, kept with the return search that started it so the second leg can be searched
 * again from any browser. The id is the return search's id; the legs map names each leg's booking once.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TSearchRequest } from '@tp/contracts/endpoints/flights';
import { db, tableName, writeOrFalse } from '#lib/db';
import type { SiteId } from '#lib/keys';
import { flightKeys } from './keys.ts';

export interface TripRecord {
  siteId: SiteId;
  tripId: string;
  /** The booker (the first leg's); the second leg is theirs to book. */
  userId: string;
  /** The return search the first leg was booked from. */
  request: TSearchRequest;
  /** Booking id per leg ('1' onward, '2' return). */
  legs: Record<string, string>;
  createdAt: string;
}

/** Starts a trip with its first leg; false when the search already has one (a second onward booking). */
export async function putTripIfAbsent(t: TripRecord): Promise<boolean> {
  return writeOrFalse(
    new PutCommand({
      TableName: tableName(),
      Item: { ...flightKeys.flightTrip(t.siteId, t.tripId), type: 'FlightTrip', ...t },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getTrip(siteId: SiteId, tripId: string): Promise<TripRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: flightKeys.flightTrip(siteId, tripId), ConsistentRead: true }),
  );
  if (!Item) return null;
  const { pk: _pk, sk: _sk, type: _type, ...trip } = Item;
  return trip as TripRecord;
}

/** Names a leg's booking once; false when the trip is missing or that leg is already booked. */
export async function setTripLeg(siteId: SiteId, tripId: string, leg: number, bookingId: string): Promise<boolean> {
  return writeOrFalse(
    new UpdateCommand({
      TableName: tableName(),
      Key: flightKeys.flightTrip(siteId, tripId),
      UpdateExpression: 'SET legs.#leg = :b',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(legs.#leg)',
      ExpressionAttributeNames: { '#leg': String(leg) },
      ExpressionAttributeValues: { ':b': bookingId },
    }),
  );
}
