/**
 * Active IATA airlines (OpenFlights data with hand corrections; scripts/data/build-reference.ts).
 * Logos are not shipped: logoUrl points at a public logo CDN keyed by IATA code.
 */
import AIRLINES_FILE from '#data/airlines';
import { airlineLogoUrl } from './airline-logo.ts';
import { lazy, readPacked } from './packed.ts';

export { airlineLogoUrl };

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

/** Every airline, read from data/airlines.br on the first call (a sidecar file of the bundle). */
export const allAirlines: () => readonly Airline[] = lazy(() =>
  Object.freeze(
    readPacked<[string, string, string, number][]>(AIRLINES_FILE).map(([code, name, country, lcc]) => ({
      code,
      name,
      logoUrl: airlineLogoUrl(code),
      country,
      isLcc: lcc === 1,
    })),
  ),
);

const byCode = lazy(() => new Map(allAirlines().map((a) => [a.code, a])));

export function airlineByCode(code: string): Airline | undefined {
  return byCode().get(code.trim().toUpperCase());
}
