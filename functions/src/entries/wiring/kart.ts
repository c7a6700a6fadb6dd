/** The kart domain's wiring, shared by the entries that save quotations (kart, and activities' cart → quotation). */
import type { KartWiring } from '../../kart/index.ts';
import { invoiceKartStatus } from './invoices.ts';

export const kartWiring: KartWiring = { afterStatusChange: [invoiceKartStatus] };
