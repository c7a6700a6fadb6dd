/** The exports Lambda: its domain's operations, nothing to wire. */
import { domainHandler } from '#lib/http';
import { operations } from '../exports/bindings.ts';

export { operations };
export const handler = domainHandler(operations);
