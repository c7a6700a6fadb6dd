/** The kart Lambda: quotations and their operations; a vouchered (or cancelled) quotation is invoiced. */
import { domainHandler } from '#lib/http';
import type { KartWiring } from '../kart/index.ts';
import { operations as bind } from '../kart/bindings.ts';
import { kartWiring } from './wiring/kart.ts';

export const wiring: KartWiring = kartWiring;

export const operations = bind(wiring);
export const handler = domainHandler(operations, { sends: ['EXPORTS_QUEUE_URL'] });
