import { SPA_BASENAME } from '@tp/contracts/spa-routes';

/** The absolute address of an in-app path, for sharing (the app lives under /app). */
export const absoluteUrl = (path: string): string => `${window.location.origin}${SPA_BASENAME}${path}`;

/** A WhatsApp message carrying the link (wa.me: the sender picks the chat). */
export const whatsAppShare = (text: string, url: string): string =>
  `https://wa.me/?text=${encodeURIComponent(`${text}: ${url}`)}`;
