/**
 * The staff flight back office's operations (functions/src/entries/flight-admin.ts; docs/flight-backoffice.md):
 * settings, supplier wallets, profit and loss, and on test hosts the accounting export and the TBO refund import.
 * Its own Lambda, so the booking path stays lean.
 */
import type { Operation } from '#lib/answers';
import { answered } from './answered.generated.ts';
import type { FlightAdminWiring } from './refunds.ts';

export type { FlightAdminWiring };

export const operations = (wiring: FlightAdminWiring): Operation[] => answered(wiring);
