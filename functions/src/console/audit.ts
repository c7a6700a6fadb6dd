/** The operators' audit log: who did what to which reseller, when, with the record before and after. */
import type { ConsoleAuditAction, TConsoleAuditEntry } from '@tp/contracts/endpoints/console';
import { newId } from '#lib/crypto';
import { answers, type OperatorScope } from '#lib/answers';
import { asSiteId, type SiteId } from '#lib/keys';
import * as repo from './repo.ts';
import * as api from '@tp/contracts/endpoints/console';

const PAGE_SIZE = 25;

export function auditEntry(
  operator: { operatorId: string; email: string; name: string },
  action: ConsoleAuditAction,
  siteId: SiteId | null,
  before: object | null,
  after: object | null,
  at: Date,
): repo.ConsoleAuditRecord {
  return {
    id: newId(),
    at: at.toISOString(),
    operator: { operatorId: operator.operatorId, email: operator.email, name: operator.name },
    action,
    siteId,
    before: before as Record<string, unknown> | null,
    after: after as Record<string, unknown> | null,
  };
}

export async function auditLog(
  _scope: OperatorScope,
  input: { cursor?: string | undefined; siteId?: string | undefined },
): Promise<{ records: TConsoleAuditEntry[]; nextCursor: string | null }> {
  return repo.auditPage(input.siteId ? asSiteId(input.siteId) : undefined, { cursor: input.cursor, limit: PAGE_SIZE });
}

// The console Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerConsoleAuditLog = answers(api.consoleAuditLog, (input, scope) => auditLog(scope, input));
