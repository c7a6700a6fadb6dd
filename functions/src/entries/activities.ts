/** The activities Lambda: the activity search, cart and queue; a cart's status change is invoiced, and a cart is made into a quotation. */
import { domainHandler } from '#lib/http';
import type { ActivitiesWiring } from '../activities/index.ts';
import { operations as bind } from '../activities/bindings.ts';
import { invoiceCartStatus } from './wiring/invoices.ts';
import { kartWiring } from './wiring/kart.ts';

export const wiring: ActivitiesWiring = { afterCartStatus: [invoiceCartStatus], kart: kartWiring };

export const operations = bind(wiring);
export const handler = domainHandler(operations);
