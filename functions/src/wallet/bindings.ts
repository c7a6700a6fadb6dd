/**
 * The wallet Lambda: the wallet's money (balances, statements, top-ups, debits, credit lines, offline payments
 * reviewed) in ./service.ts, and payments through the gateways (verification, the sandbox gateway, PhonePe's
 * callback, the gateway transactions) in ./payments.ts, each answered beside its operation and gathered by
 * `npm run derive` (answered.generated.ts).
 */
import type { Operation } from '#lib/answers';
import { answered } from './answered.generated.ts';

export const operations: Operation[] = answered();
