/**
 * The rbac Lambda: permission groups and their members (./service.ts) and the audit log (./audit-log.ts,
 * docs/audit.md), each answered beside its operation and gathered by `npm run derive`.
 */
import type { Operation } from '#lib/answers';
import { answered } from './answered.generated.ts';

export const operations: Operation[] = answered();
