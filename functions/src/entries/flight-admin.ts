/** The flight back office Lambda; a refund credited by the TBO refund import gets its credit note. */
import { domainHandler } from '#lib/http';
import { operations as bind, type FlightAdminWiring } from '../flight-admin/bindings.ts';
import { creditNoteOnRefund } from './wiring/invoices.ts';

export const wiring: FlightAdminWiring = { afterRefunded: [creditNoteOnRefund] };

export const operations = bind(wiring);
// The TBO refund import credits change requests, whose refund mail goes through the email queue.
export const handler = domainHandler(operations, { sends: ['EMAIL_QUEUE_URL'] });
