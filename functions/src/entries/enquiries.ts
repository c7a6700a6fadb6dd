/** The enquiries Lambda: its domain's operations, nothing to wire. */
import { domainHandler } from '#lib/http';
import { operations } from '../enquiries/bindings.ts';

export { operations };
export const handler = domainHandler(operations, { sends: ['EMAIL_QUEUE_URL', 'EXPORTS_QUEUE_URL'] });
