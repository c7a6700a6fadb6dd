/**
 * DynamoDB items of the ticket queues: change request references. The queues read bookings through the
 * booking core (bookings/queries-repo.ts) and refunds read wallet entries through the wallet.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName, type TransactItem } from '#lib/db';
import type { SiteId } from '#lib/keys';
import { ticketKeys } from './keys.ts';

export {
  bookingsByBookingDate,
  bookingsByIds,
  heldBookingIds,
  legalEntityRows,
  queueCounts,
  queueReader,
  rowsByTravelDate,
  ticketSiteIds,
} from '../bookings/index.ts';
export { entriesOfBooking as walletEntriesOfBooking } from '../wallet/index.ts';

export const changeRequestItem = (siteId: SiteId, changeRequestId: string, bookingId: string): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: {
      ...ticketKeys.changeRequest(siteId, changeRequestId),
      type: 'ChangeRequestRef',
      bookingId,
      changeRequestId,
    },
  },
});

export async function bookingIdOfChangeRequest(siteId: SiteId, changeRequestId: string): Promise<string | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: ticketKeys.changeRequest(siteId, changeRequestId) }),
  );
  return Item ? String(Item.bookingId) : null;
}
