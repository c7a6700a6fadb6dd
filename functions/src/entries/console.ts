/**
 * The platform console's Lambda: operators' sign-in and the resellers' lifecycle. It alone reads console sessions
 * (`findOperator`); every other Lambda refuses the console's auth rules.
 */
import { domainHandler } from '#lib/http';
import { findOperator, operations } from '../console/bindings.ts';

export { operations };
export const handler = domainHandler(operations, { sends: ['EMAIL_QUEUE_URL'], findOperator });
