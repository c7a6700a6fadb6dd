/** The settings Lambda: its domain's operations, nothing to wire. */
import { domainHandler } from '#lib/http';
import { operations } from '../settings/bindings.ts';

export { operations };
export const handler = domainHandler(operations);
