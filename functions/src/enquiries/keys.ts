/**
 * Keys of the enquiries (docs/enquiries.md "Storage"), built through the site guard of lib/keys.ts.
 *
 * - An enquiry is one item of the site's enquiry partition keyed by its id (one GetItem); gsi1 holds every
 *   enquiry by creation time (the "All" tab, newest first), gsi2 the same items by status and creation time
 *   (one status tab is one Query of one partition; the item moves partition when its status changes).
 * - The tab counts are one counter item per site, changed in the same transaction as the enquiry.
 * - A signed-in visitor's enquiries: a small copy per enquiry in the user's partition, newest first.
 */
import { part, sitePk, type Key, type SiteId } from '#lib/keys';

const order = (createdAt: string, id: string) => `${part(createdAt)}#${part(id)}`;

export const enquiryKeys = {
  enquiriesPk: (siteId: SiteId) => sitePk(siteId, 'ENQUIRY'),
  enquiry: (siteId: SiteId, id: string): Key => ({ pk: enquiryKeys.enquiriesPk(siteId), sk: part(id) }),
  /** gsi1: every enquiry of the site by creation. */
  enquiryListIndex: (siteId: SiteId, createdAt: string, id: string) => ({
    gsi1pk: enquiryKeys.enquiriesPk(siteId),
    gsi1sk: order(createdAt, id),
  }),
  enquiryStatusPk: (siteId: SiteId, status: string) => sitePk(siteId, 'ENQUIRY', 'STATUS', status),
  /** gsi2: the enquiries of one status by creation. */
  enquiryStatusIndex: (siteId: SiteId, status: string, createdAt: string, id: string) => ({
    gsi2pk: enquiryKeys.enquiryStatusPk(siteId, status),
    gsi2sk: order(createdAt, id),
  }),
  enquiryCounts: (siteId: SiteId): Key => ({ pk: sitePk(siteId, 'ENQUIRY', 'COUNTS'), sk: 'COUNTS' }),
  myEnquiriesPk: (siteId: SiteId, userId: string) => sitePk(siteId, 'ENQUIRY', 'USER', userId),
  myEnquiry: (siteId: SiteId, userId: string, createdAt: string, id: string): Key => ({
    pk: enquiryKeys.myEnquiriesPk(siteId, userId),
    sk: order(createdAt, id),
  }),
};
