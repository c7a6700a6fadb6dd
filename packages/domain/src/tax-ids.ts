/**
 * Indian tax ids, format checks only (a real check that a PAN exists and names its holder needs a licensed
 * provider, none contracted: docs/site-settings.md). Pure, shared by the contracts (request validation), the
 * staff PAN screen (why a number fails) and the server.
 *
 * PAN: 5 letters, 4 digits, 1 letter (`AAPFU0939F`); its 4th letter is the holder's kind (P person, C company…).
 * GSTIN: 2-digit state code, the holder's PAN, the entity number (1-9, A-Z), 'Z', and a mod-36 check character.
 */
const PAN = /^[A-Z]{5}\d{4}[A-Z]$/;
const GSTIN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export const isValidPan = (pan: string): boolean => PAN.test(pan);

/** The GSTIN check character of its first 14 characters (Luhn mod 36, weights 1 and 2 alternating). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_ALPHABET.indexOf(first14[i] ?? '') * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET[(36 - (sum % 36)) % 36]!;
}

export function isValidGstin(gstin: string): boolean {
  return GSTIN.test(gstin) && gstin[14] === gstinCheckCharacter(gstin);
}

export type TaxIdKind = 'pan' | 'gst';

/** Why a number fails its format, in words a staff member can act on; null when it passes. */
export function taxIdProblem(kind: TaxIdKind, value: string): string | null {
  const v = value.trim().toUpperCase();
  if (kind === 'pan') return isValidPan(v) ? null : 'Not a PAN: 5 letters, 4 digits, 1 letter';
  if (!GSTIN.test(v)) return 'Not a GSTIN: state code, PAN, entity number, Z, check character';
  return v[14] === gstinCheckCharacter(v) ? null : 'GSTIN check digit does not match';
}

/** The PAN inside a GSTIN (characters 3 to 12). */
export const panOfGstin = (gstin: string): string => gstin.slice(2, 12);
