import { type KartTransferType, type SharingBasis } from '@tp/domain/dmc';
import { formatDate, formatMoney } from '#shared/format.ts';

/** How the DMC screens write bands, validity, bases and money (amounts through the one format module). */

/** "Any party size", "1–3 pax", "5+ pax", "up to 6 pax". */
export function bandLabel(minPax: number | null, maxPax: number | null): string {
  if (minPax === null && maxPax === null) return 'Any party size';
  if (minPax !== null && maxPax !== null) return minPax === maxPax ? `${minPax} pax` : `${minPax}–${maxPax} pax`;
  return minPax !== null ? `${minPax}+ pax` : `up to ${maxPax} pax`;
}

/** The domain words details with ISO days; screens show them as the rest of the app does (20 Jan 2027). */
export const humanDays = (text: string): string => text.replace(/\b\d{4}-\d{2}-\d{2}\b/g, (d) => formatDate(d));

export const validityLabel = (from: string, till: string): string => `${formatDate(from)} – ${formatDate(till)}`;

/** A rate's unit: per person, or one price for the group (a car, a boat). */
export const perLabel = (isPerPax: boolean): string => (isPerPax ? 'per person' : 'per group');

/** Area transfers are priced in US dollars, 2 decimals (spec 001 §9). */
export const dollars = (amount: number): string => formatMoney(amount, 'USD');

export const money = (amount: number, currency: string): string => formatMoney(amount, currency);

/** The six kart sharing bases (§3), spelt out; the value sent is the code itself. */
export const SHARING_BASIS_LABELS: Record<SharingBasis, string> = {
  SIC: 'SIC (both ways)',
  PVT: 'PVT (both ways)',
  DROP_SIC_PICKUP_SIC: 'Drop SIC, pickup SIC',
  DROP_SIC_PICKUP_PVT: 'Drop SIC, pickup PVT',
  DROP_PVT_PICKUP_SIC: 'Drop PVT, pickup SIC',
  DROP_PVT_PICKUP_PVT: 'Drop PVT, pickup PVT',
};

export const KART_TRANSFER_LABELS: Record<KartTransferType, string> = {
  oneway: 'One way (pickup)',
  return: 'Return (pickup and drop)',
};

/** Select options from a list of values and their labels. */
export const optionsOf = <T extends string>(values: readonly T[], labels?: Partial<Record<T, string>>) =>
  values.map((value) => ({ value, label: labels?.[value] ?? value }));

/** "4, 9" → [4, 9]; null when something typed is not an age (0–17). */
export function childAgesOf(text: string): number[] | null {
  const ages = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(Number);
  return ages.every((a) => Number.isInteger(a) && a >= 0 && a <= 17) ? ages : null;
}
export const CHILD_AGES_HINT = 'Child ages are whole numbers from 0 to 17, separated by commas';
