/**
 * A refund taken apart (issue #29 item 10; domain `refundBreakdown`): the lines add up exactly to what was paid
 * for the cancelled tickets. Shown by Cancel Seats (api/getCC), kept on the credited change request, mailed, and
 * named on the credit note.
 */
import * as z from 'zod/mini';
import { lazy } from './lazy.ts';

export const ZRefundBreakdown = lazy(() =>
  z.object({
    currency: z.string(),
    paid: z.number(),
    paidForPart: z.number(),
    share: z.number(),
    lines: z.array(
      z.object({
        key: z.enum([
          'supplierCharge',
          'supplierKept',
          'markup',
          'gstOnMarkup',
          'discount',
          'commission',
          'tds',
          'capped',
          'taxReversed',
          'fareRefunded',
        ]),
        group: z.enum(['supplier', 'kept', 'refund']),
        label: z.string(),
        amount: z.number(),
      }),
    ),
    supplierCharge: z.number(),
    kept: z.number(),
    taxReversed: z.number(),
    refund: z.number(),
    destination: z.object({ kind: z.enum(['wallet', 'none']), text: z.string() }),
  }),
);
export type TRefundBreakdown = z.infer<typeof ZRefundBreakdown>;
