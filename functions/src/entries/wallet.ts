/** The wallet Lambda: its domain's operations, nothing to wire. */
import { domainHandler } from '#lib/http';
import { operations } from '../wallet/bindings.ts';

export { operations };
export const handler = domainHandler(operations, { sends: ['PAYMENT_QUEUE_URL', 'EMAIL_QUEUE_URL'] });
