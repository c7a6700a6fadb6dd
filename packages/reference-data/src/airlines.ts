/**
 * Active IATA airlines (OpenFlights data with hand corrections; scripts/data/build-reference.ts).
 * Logos are not shipped: logoUrl points at a public logo CDN keyed by IATA code.
 */
import { AIRLINES_PACKED } from './data/airlines-packed.ts';
import { unpack } from './packed.ts';

export interface Airline {
  /** IATA two-character code. */
  code: string;
  name: string;
  logoUrl: string;
  /** Country name as the source spells it. */
  country: string;
  /** Low-cost carrier (hand-kept list in scripts/data/reference-overrides.ts). */
  isLcc: boolean;
}

/** Stable public logo URL pattern by IATA code (200×80 PNG). */
export const airlineLogoUrl = (code: string): string => `https://pics.avs.io/200/80/${code}.png`;

export const AIRLINES: readonly Airline[] = Object.freeze(
  unpack<[string, string, string, number][]>(AIRLINES_PACKED).map(([code, name, country, lcc]) => ({
    code,
    name,
    logoUrl: airlineLogoUrl(code),
    country,
    isLcc: lcc === 1,
  })),
);

const BY_CODE = new Map(AIRLINES.map((a) => [a.code, a]));

export function airlineByCode(code: string): Airline | undefined {
  return BY_CODE.get(code.trim().toUpperCase());
}
