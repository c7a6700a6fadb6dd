/** The rbac Lambda: its domain's operations, nothing to wire. */
import { domainHandler } from '#lib/http';
import { operations } from '../rbac/bindings.ts';

export { operations };
export const handler = domainHandler(operations, { sends: ['EXPORTS_QUEUE_URL'] });
