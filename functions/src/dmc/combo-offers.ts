/**
 * The site's combos as a quotation or an activity cart prices them (docs/dmc.md "Combos in quotations and carts"):
 * each combo's amount per person converted into the lines' currency through the exchange-rate table. One Query of
 * the site's combo partition (a DMC keeps tens of combos, not thousands).
 */
import { convert, type ComboOffer, type FxRow, type RateUsed } from '@tp/domain/dmc';
import { siteOf, type DmcScope } from './changes.ts';
import { allRecords } from './repo.ts';

export interface PricedOffers {
  offers: ComboOffer[];
  /** The rates each converted combo used, by combo id. */
  ratesUsed: Map<string, RateUsed[]>;
}

/**
 * Combos in `currency` on `day`. A combo in a currency the table cannot convert is left out (its options keep their
 * single prices): a combo is a discount, never a reason to refuse a quotation.
 */
export async function comboOffers(
  scope: Pick<DmcScope, 'site'>,
  fx: { to: string; rows: readonly FxRow[]; day: string; frozen?: readonly RateUsed[] },
): Promise<PricedOffers> {
  const combos = await allRecords(siteOf(scope), 'combo');
  const ratesUsed = new Map<string, RateUsed[]>();
  const offers = combos.flatMap((c) => {
    const r = convert(c.amount, c.currency, fx.to, fx.rows, fx.day, fx.frozen ?? []);
    if (!r.ok || !c.tourOptions.length) return [];
    ratesUsed.set(c.id, r.used);
    return [{ id: c.id, name: c.name, amountPerPerson: r.amount, tourOptions: c.tourOptions }];
  });
  return { offers, ratesUsed };
}
