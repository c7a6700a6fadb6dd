import { SPA_BASENAME } from '@tp/contracts/spa-routes';
import type { TVisaCategory } from '@tp/contracts/endpoints/visa';

/** Paths of the visa pages (spa-routes.ts: /visa, /visa/:country, /visa/:country/:category/:categoryId). */
export const VISA_HOME = '/visa';
export const countryPath = (countryId: string): string => `/visa/${encodeURIComponent(countryId)}`;
export const checklistPath = (c: Pick<TVisaCategory, 'countryId' | 'slug' | '_id'>): string =>
  `/visa/${encodeURIComponent(c.countryId)}/${encodeURIComponent(c.slug)}/${encodeURIComponent(c._id)}`;

/** The absolute address of an in-app path, for sharing (the app lives under /app). */
export const absoluteUrl = (path: string): string => `${window.location.origin}${SPA_BASENAME}${path}`;

/** A WhatsApp message carrying the link (wa.me: the sender picks the chat). */
export const whatsAppShare = (text: string, url: string): string =>
  `https://wa.me/?text=${encodeURIComponent(`${text}: ${url}`)}`;
