import * as z from 'zod/mini';
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
      bookingId: z.string().check(z.minLength(1), z.maxLength(64)),
      pax: z.optional(z.number().check(z.int(), z.minimum(0))),
      hidePrice: z.boolean(),
    }),
  ]),
);
export type TEmailAttachmentRequest = z.infer<typeof ZEmailAttachmentRequest>;
