/**
 * Kart money is summed in integer minor units (cents, paise, fils), never in floating point: an amount of at most
 * 2 decimals maps to an exact integer, sums and products of integers are exact up to 2^53, and the result
 * converts back once. `MAX_KART_AMOUNT` keeps every total far below 2^53 minor units.
 */

/** Largest amount a kart line or charge may carry (100 million in the kart's currency). */
export const MAX_KART_AMOUNT = 100_000_000;

/**
 * A finite amount with at most 2 decimals (1.5, 19.99; not 1.005): the double nearest to some k / 100. Exact at any
 * size, where a tolerance on `v * 100` is not (its rounding error grows with v).
 */
export const hasCents = (v: number): boolean => Number.isFinite(v) && Math.round(v * 100) / 100 === v;

/** The amount in minor units; absent counts as 0. */
export const toMinor = (v: number | null | undefined): number => (typeof v === 'number' ? Math.round(v * 100) : 0);

/** Back to the currency's units (2 decimals), for display and storage. */
export const fromMinor = (minor: number): number => minor / 100;
