/** The packages Lambda: its domain's operations, nothing to wire. */
import { domainHandler } from '#lib/http';
import { operations } from '../packages/bindings.ts';

export { operations };
export const handler = domainHandler(operations);
