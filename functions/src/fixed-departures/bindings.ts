/**
 * The fixed-departures Lambda's operations (functions/src/entries/fixed-departures.ts; docs/fixed-departures.md):
 * staff inventory, the search and quote for signed-in users, booking through the flights order machinery (which
 * the entry wires in: flights stands above this domain), and the public print of a booking.
 */
import type { Operation } from '#lib/answers';
import { answered } from './answered.generated.ts';
import type { FixedDeparturesWiring } from './offers.ts';

export type { FixedDeparturesWiring };

export const operations = (wiring: FixedDeparturesWiring): Operation[] => answered(wiring);
