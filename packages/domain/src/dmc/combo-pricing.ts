/**
 * Combos priced into a quotation or an activity cart (docs/dmc.md "Combos in quotations and carts"): when every tour
 * option of a combo is among the lines, the combo's price (its amount per person × the party) replaces what those
 * lines would cost one by one; taking one option off leaves the single prices. The combo covers each option's ticket,
 * and its transfer too when the combo includes one for that option (onward or return); a transfer the combo does not
 * include stays charged on its line.
 *
 * The combo's price is spread over its lines in proportion to what each would have cost (in minor units, the rest
 * on the last line), so every line keeps a price, the lines still add up to the total, and each line names the
 * combo it belongs to with the combo's whole price.
 */
import type { ComboTourOption } from './types.ts';

/** A priced line a combo may take: ticket and transfer in the currency the combos are given in. */
export interface ComboCandidate {
  /** The line's own id (a quotation line id, a cart item id). */
  key: string;
  tourOptionId: string;
  ticket: number;
  transfer: number;
}

/** A combo as pricing needs it: its amount per person already in the lines' currency. */
export interface ComboOffer {
  id: string;
  name: string;
  amountPerPerson: number;
  tourOptions: readonly Pick<ComboTourOption, 'tourOptionId' | 'onwardTransfer' | 'returnTransfer'>[];
}

export interface ComboDeal {
  comboId: string;
  name: string;
  /** The lines it takes, one per tour option, in the combo's order. */
  keys: string[];
  /** The combo's price for the party. */
  price: number;
  /** What the lines would have cost one by one for what the combo covers. */
  replaces: number;
}

export interface ComboPricing {
  deals: ComboDeal[];
  /** A line's new price (its share of the combo plus any transfer the combo leaves out), by line key. */
  lines: Map<string, { price: number; deal: ComboDeal }>;
}

const cents = (v: number) => Math.round(v * 100);
const units = (c: number) => c / 100;

/** What a combo covers of a line: the ticket, and the transfer when the combo includes one for the option. */
function coveredCents(line: ComboCandidate, option: ComboOffer['tourOptions'][number]): number {
  const withTransfer = option.onwardTransfer != null || option.returnTransfer != null;
  return cents(line.ticket) + (withTransfer ? cents(line.transfer) : 0);
}

/** The lines a combo would take among the free ones (the first free line of each option), or null. */
function match(offer: ComboOffer, lines: readonly ComboCandidate[], taken: ReadonlySet<string>) {
  const picked: ComboCandidate[] = [];
  for (const option of offer.tourOptions) {
    const line = lines.find((l) => l.tourOptionId === option.tourOptionId && !taken.has(l.key) && !picked.includes(l));
    if (!line) return null;
    picked.push(line);
  }
  return picked.length ? picked : null;
}

/**
 * Applies the combos whose tour options are all among the lines. Where combos compete for a line, the one that saves
 * the party most goes first (then by name), and a line belongs to one combo at most.
 */
export function priceCombos(
  lines: readonly ComboCandidate[],
  offers: readonly ComboOffer[],
  party: { adults: number; children: number },
): ComboPricing {
  const pax = party.adults + party.children;
  const taken = new Set<string>();
  const deals: ComboDeal[] = [];
  const priced = new Map<string, { price: number; deal: ComboDeal }>();
  for (;;) {
    const candidates = offers.flatMap((offer) => {
      const picked = match(offer, lines, taken);
      if (!picked) return [];
      const covered = picked.map((l, i) => coveredCents(l, offer.tourOptions[i]!));
      const price = cents(offer.amountPerPerson) * pax;
      const replaces = covered.reduce((a, b) => a + b, 0);
      return [{ offer, picked, covered, price, replaces }];
    });
    if (!candidates.length) break;
    candidates.sort(
      (a, b) =>
        b.replaces - b.price - (a.replaces - a.price) ||
        a.offer.name.localeCompare(b.offer.name) ||
        a.offer.id.localeCompare(b.offer.id),
    );
    const best = candidates[0]!;
    const deal: ComboDeal = {
      comboId: best.offer.id,
      name: best.offer.name,
      keys: best.picked.map((l) => l.key),
      price: units(best.price),
      replaces: units(best.replaces),
    };
    const shares = spread(best.price, best.covered);
    best.picked.forEach((line, i) => {
      taken.add(line.key);
      const uncovered = cents(line.ticket) + cents(line.transfer) - best.covered[i]!;
      priced.set(line.key, { price: units(shares[i]! + uncovered), deal });
    });
    deals.push(deal);
  }
  return { deals, lines: priced };
}

/** `total` minor units spread in proportion to `weights` (equally when they are all 0), the rest on the last. */
export function spread(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => (sum > 0 ? Math.floor((total * w) / sum) : Math.floor(total / weights.length)));
  const given = shares.reduce((a, b) => a + b, 0);
  if (shares.length) shares[shares.length - 1]! += total - given;
  return shares;
}

/** How a combo line reads on the staff view and the document: "Combo Dubai Duo (Burj Khalifa + Aquarium)". */
export const comboLabel = (deal: Pick<ComboDeal, 'name'>, optionNames: readonly string[]) =>
  `Combo ${deal.name} (${optionNames.join(' + ')})`;
