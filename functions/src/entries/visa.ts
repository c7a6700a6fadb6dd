/** The visa Lambda: its domain's operations (visa content and applications, whose steps are mailed). */
import { domainHandler } from '#lib/http';
import { operations } from '../visa/bindings.ts';

export { operations };
export const handler = domainHandler(operations, { sends: ['EMAIL_QUEUE_URL'] });
