/**
 * The members of an agency or company account (docs/architecture.md "Agencies and companies"): its admin invites
 * bookers (an agency) or travellers and approvers (a company), who book as the same legal entity, so its wallet,
 * credit line, customer group and invoices are theirs too; the admin lists, deactivates and reactivates them.
 */
import { INVITABLE_ROLES, accountRoleOf, isAccountAdmin } from '@tp/contracts/account-roles';
import { AGENCY_MSG, type TInviteMember, type TMember } from '@tp/contracts/endpoints/agency';
import { auditActor, auditPut, recordChange } from '#lib/audit';
import { fail } from '#lib/errors';
import type { Principal } from '#lib/principal';
import { getLegalEntity, getUsers } from '../customers-repo.ts';
import type { UserRecord } from '../repo.ts';
import * as invites from '../invites.ts';
import { type Scope, type UsersDeps, defaultDeps } from './deps.ts';
import * as membersRepo from './members-repo.ts';
import * as api from '@tp/contracts/endpoints/agency';
import { answers, reply } from '#lib/answers';

export type MemberScope = Scope & { principal: Principal };

export function memberView(u: UserRecord): TMember {
  const joined = u.passwordHash !== undefined || u.status === 'verified';
  return {
    userId: u.userId,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    role: accountRoleOf(u),
    status: u.deactivatedAt ? 'deactivated' : joined ? 'active' : 'invited',
    createdAt: u.createdAt,
  };
}

/** The caller's own record, when they are the admin of an agency or company account; 403 for anyone else. */
async function adminOf(scope: MemberScope, deps: UsersDeps): Promise<UserRecord> {
  const admin = await deps.repo.getUser(scope.site.siteId, scope.principal.userId);
  if (!admin || !isAccountAdmin(admin)) throw fail.forbidden(AGENCY_MSG.adminsOnly);
  return admin;
}

/** A member of the admin's account other than the admin; another account's user reads as none. */
async function memberOf(scope: MemberScope, admin: UserRecord, userId: string, deps: UsersDeps): Promise<UserRecord> {
  const user = await deps.repo.getUser(scope.site.siteId, userId);
  if (!user || user.legalEntityId !== admin.legalEntityId) throw fail.notFound(AGENCY_MSG.memberNotFound);
  if (user.userId === admin.userId) throw fail.validation(AGENCY_MSG.notYourself, { userId: AGENCY_MSG.notYourself });
  if (accountRoleOf(user) === 'admin') throw fail.validation(AGENCY_MSG.notAdmin, { userId: AGENCY_MSG.notAdmin });
  return user;
}

export async function listMembers(
  scope: MemberScope,
  input: { cursor?: string | undefined; limit: number },
  deps: UsersDeps = defaultDeps,
): Promise<{ records: TMember[]; nextCursor: string | null }> {
  const admin = await adminOf(scope, deps);
  const page = await membersRepo.memberIdsPage(scope.site.siteId, admin.legalEntityId, input);
  const users = await getUsers(scope.site.siteId, page.userIds);
  // The admin heads the page they are on; the rest stay in the partition's (stable) order.
  const first = (u: UserRecord) => Number(accountRoleOf(u) !== 'admin');
  return { records: users.sort((a, b) => first(a) - first(b)).map(memberView), nextCursor: page.nextCursor };
}

/**
 * Invites a member into the admin's legal entity through the staff invites (invites.ts): an account without a
 * password, so no sign-in yet, and a mailed set-password link with the password link's rules (single use,
 * expiring, dead once a newer link is sent). A taken address is refused on its field.
 */
export async function inviteMember(
  scope: MemberScope,
  input: TInviteMember,
  deps: UsersDeps = defaultDeps,
): Promise<TMember> {
  const admin = await adminOf(scope, deps);
  const role = input.role;
  if (role === 'admin' || !INVITABLE_ROLES[admin.userType]?.includes(role))
    throw fail.validation(AGENCY_MSG.roleNotInvitable, { role: AGENCY_MSG.roleNotInvitable });
  const legalEntity = await getLegalEntity(scope.site.siteId, admin.legalEntityId);
  if (!legalEntity) throw fail.forbidden(AGENCY_MSG.adminsOnly);
  const { userId } = await invites.inviteUser(scope.site, {
    email: input.email,
    name: input.name,
    role,
    account: { admin, legalEntity },
    invitedBy: auditActor(scope.principal),
  });
  return memberView(await memberOf(scope, admin, userId, deps));
}

/** A new link for a member who has not set a password yet; issuing it kills the previous one. */
export async function resendInvite(
  scope: MemberScope,
  userId: string,
  deps: UsersDeps = defaultDeps,
): Promise<TMember> {
  const member = await memberOf(scope, await adminOf(scope, deps), userId, deps);
  const view = memberView(member);
  if (view.status !== 'invited') throw fail.validation(AGENCY_MSG.alreadyActive, { userId: AGENCY_MSG.alreadyActive });
  await invites.resendInvite(scope.site, member.userId, auditActor(scope.principal));
  return view;
}

/**
 * Deactivates or reactivates a member, audited in the same write. Deactivating ends every session of theirs at
 * once (and each request re-reads the user, lib/http.ts, so a session racing this ends on its next call).
 * Repeating either changes nothing and writes no second audit entry: the state is set, not toggled.
 */
export async function setMemberActive(
  scope: MemberScope,
  userId: string,
  active: boolean,
  deps: UsersDeps = defaultDeps,
): Promise<TMember> {
  const admin = await adminOf(scope, deps);
  const member = await memberOf(scope, admin, userId, deps);
  const { deactivatedAt: _was, ...activeMember } = member;
  const before = memberView(member);
  const after = active ? memberView(activeMember) : { ...before, status: 'deactivated' as const };
  if (before.status === after.status) return after;
  const audit = auditPut(
    scope.site.siteId,
    recordChange(
      'accountMember',
      member.userId,
      { status: before.status },
      { status: after.status },
      active ? 'unblock' : 'block',
    ),
    auditActor(scope.principal),
    scope.now,
  );
  if (!(await membersRepo.setMemberDeactivated(scope.site.siteId, member, !active, scope.now, audit)))
    throw fail.notFound(AGENCY_MSG.memberNotFound);
  if (!active) await deps.repo.endSessions(scope.site.siteId, member.userId);
  return after;
}

// The users Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
// The members of an agency or company account, managed by its admin.
export const answerGetMembers = answers(api.getMembers, (input, scope) => listMembers(scope, input));
export const answerInviteMember = answers(api.inviteMember, async (input, scope) =>
  reply(await inviteMember(scope, input), { message: AGENCY_MSG.invited }),
);
export const answerResendInvite = answers(api.resendInvite, async (input, scope) =>
  reply(await resendInvite(scope, input.userId), { message: AGENCY_MSG.inviteResent }),
);
export const answerDeactivateMember = answers(api.deactivateMember, async (input, scope) =>
  reply(await setMemberActive(scope, input.userId, false), { message: AGENCY_MSG.deactivated }),
);
export const answerReactivateMember = answers(api.reactivateMember, async (input, scope) =>
  reply(await setMemberActive(scope, input.userId, true), { message: AGENCY_MSG.reactivated }),
);
