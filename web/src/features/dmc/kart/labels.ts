import type { PriceBreakup } from '@tp/domain/dmc';

/** The four break-up modes (§3, §9) as the builder and the print view name them. */
export const BREAKUP_LABELS: Record<PriceBreakup, string> = {
  full: 'Full',
  partial: 'Partial',
  none: 'Total only',
  noprice: 'No price',
};
