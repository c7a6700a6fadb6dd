/**
 * The supplier-events queue worker: each webhook event a supplier sent (Duffel's schedule change, queued by the
 * tickets Lambda once its signature checked) is recorded as a disruption once (functions/src/tickets/supplier-events.ts).
 */
import { requireConfig } from '#lib/config';
import { log } from '#lib/logger';
import { createSupplierEventsHandler } from '../../tickets/index.ts';

// Fails this worker's cold start, not its first message, when the stack left out its configuration.
requireConfig(['TABLE_NAME', 'EMAIL_QUEUE_URL']);

export const handler = createSupplierEventsHandler(log);
