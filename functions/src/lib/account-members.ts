/**
 * Whose records a customer sees inside their agency or company account (docs/architecture.md "Agencies and
 * companies"): their own always; every member's when they see the whole account (its admin, a company's
 * approver). Staff are not asked here: their access is the site's, by permission.
 */
import { seesWholeAccount, type AccountRole } from '@tp/contracts/account-roles';
import type { Principal } from './principal.ts';

/** The caller's role in their account, as stored on their user item (absent: the account's admin). */
export const accountRoleOf = (p: Principal): AccountRole | undefined =>
  (p.record.accountRole as AccountRole | undefined) ?? undefined;

/** True when the caller sees every booking and invoice of their legal entity, not only their own. */
export const seesAccountRecords = (p: Principal): boolean =>
  p.userType !== 'staff' && seesWholeAccount({ userType: p.userType, accountRole: accountRoleOf(p) });

/** May this customer read a record one of their account's users owns? */
export const customerSees = (p: Principal, owner: { userId: string; legalEntityId: string }): boolean =>
  owner.userId === p.userId || (owner.legalEntityId === p.legalEntityId && seesAccountRecords(p));
