import type { TVisaCategory } from '@tp/contracts/endpoints/visa';

/** Paths of the visa pages (spa-routes.ts: /visa, /visa/:country, /visa/:country/:category/:categoryId). */
export const VISA_HOME = '/visa';
export const countryPath = (countryId: string): string => `/visa/${encodeURIComponent(countryId)}`;
export const checklistPath = (c: Pick<TVisaCategory, 'countryId' | 'slug' | '_id'>): string =>
  `/visa/${encodeURIComponent(c.countryId)}/${encodeURIComponent(c.slug)}/${encodeURIComponent(c._id)}`;

/** Shared with every page a customer passes on (#shared/share.ts). */
export { absoluteUrl, whatsAppShare } from '#shared/share.ts';
