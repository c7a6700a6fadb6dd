/** The areas Lambda: its domain's operations, nothing to wire. */
import { domainHandler } from '#lib/http';
import { operations } from '../areas/bindings.ts';

export { operations };
export const handler = domainHandler(operations);
