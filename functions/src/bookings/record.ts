/** A booking as stored: the contract's booking plus ownership and a version for optimistic updates. */
import type { TBooking } from '@tp/contracts/endpoints/flights';
import type { SiteId } from '#lib/keys';

export interface BookingRecord extends TBooking {
  siteId: SiteId;
  userId: string;
  version: number;
}

/** The booking item's list of its ticket-queue rows (`queue/sk`, bookings/queues.ts): index data, not the booking's. */
export const QUEUE_INDEX_ATTR = 'queueIndex';
const INDEX_ATTRS = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'type', QUEUE_INDEX_ATTR];
export function toBooking(item: Record<string, unknown>): BookingRecord {
  const copy: Record<string, unknown> = { ...item };
  for (const a of INDEX_ATTRS) delete copy[a];
  return copy as unknown as BookingRecord;
}

/** Who a booking belongs to: its booker, within the legal entity it was paid as (an agency's or company's). */
export const bookingOwner = (b: Pick<BookingRecord, 'userId' | 'accounting'>) => ({
  userId: b.userId,
  legalEntityId: b.accounting.legalEntityId,
});
