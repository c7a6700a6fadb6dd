/** Keys of the tickets domain (the queues read the booking core's index items: bookings/keys.ts). */
import { sitePk, type Key, type SiteId } from '#lib/keys';

export const ticketKeys = {
  /** Change request id → booking id (api/getCRStatus is asked by change request id only). */
  changeRequest: (siteId: SiteId, changeRequestId: string): Key => ({
    pk: sitePk(siteId, 'CR', changeRequestId),
    sk: 'CR',
  }),
};
