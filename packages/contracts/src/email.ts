import * as z from 'zod';
import { lazy } from './lazy.ts';

/**
 * Attachments the email worker renders before sending, instead of the producer: heavy renderers (the
 * e-ticket PDF with its barcodes) live in the worker's bundle, not in request-path Lambdas, and the
 * queue message stays small. The message's siteId scopes the request: it never names another site.
 */
export const ZEmailAttachmentRequest = lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({
      /** The e-ticket PDF of a booking: all passengers, or one (pax), with or without the fare. */
      kind: z.literal('eticketPdf'),
      bookingId: z.string().min(1).max(64),
      pax: z.number().int().min(0).optional(),
      hidePrice: z.boolean(),
    }),
  ]),
);
export type TEmailAttachmentRequest = z.infer<typeof ZEmailAttachmentRequest>;
