/**
 * The console Lambda: the platform operator's sign-in and session (./operators.ts), the console's audit log
 * (./audit.ts), onboarding a reseller (./onboard.ts), the resellers and their admins (./resellers.ts) and going live
 * on a reseller's domains (./domains/go-live.ts), each answered beside its operation and gathered by
 * `npm run derive` (answered.generated.ts).
 */
import { onDemand, type Operation } from '#lib/http';
import { answered } from './answered.generated.ts';

const operators = onDemand(() => import('./operators.ts'));

export const operations: Operation[] = answered();

/** The preset's reader of console sessions (only the console's Lambda reads them). */
export const findOperator = async (token: string, now: Date) => (await operators()).findOperator(token, now);
