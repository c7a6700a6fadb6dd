/** The notifications Lambda: its domain's operations, nothing to wire. */
import { domainHandler } from '#lib/http';
import { operations } from '../notifications/bindings.ts';

export { operations };
export const handler = domainHandler(operations);
