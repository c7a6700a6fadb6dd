/**
 * A reseller's own team (endpoints/staff.ts): the staff list, invites with a permission group, deactivation and
 * reactivation, group changes. Invites are invites.ts's; permission groups are rbac's, handed in as wiring.
 */
import { RBAC_MSG } from '@tp/contracts/endpoints/rbac';
import { STAFF_MSG, type TStaffMember } from '@tp/contracts/endpoints/staff';
import { auditActor, auditPut, recordChange } from '#lib/audit';
import type { Page } from '#lib/db';
import { fail } from '#lib/errors';
import type { Principal } from '#lib/principal';
import type { SiteRecord } from '#lib/tenancy';
import { getUsers } from './customers-repo.ts';
import * as invitesRepo from './invites-repo.ts';
import {
  defaultInviteDeps,
  inviteUser,
  resendInvite,
  revokeInvite,
  staffSnapshot,
  type InviteDeps,
  type StaffGroups,
  type StaffRole,
} from './invites.ts';
import { endSessions, getUser } from './repo.ts';
import type { UserRecord } from './record.ts';
import { staffChangeRefusal, staffStatus } from './staff-rules.ts';
import * as api from '@tp/contracts/endpoints/staff';
import * as MSG from '@tp/contracts/messages';
import { answers, reply } from '#lib/answers';

export interface StaffScope {
  site: SiteRecord;
  now: Date;
  principal: Principal;
}

/** What the users Lambda needs of rbac for its staff screen: the groups, and rbac's own group assignment. */
export interface StaffWiring {
  staffGroups: StaffGroups;
  assignGroup: (scope: StaffScope, input: { userId: string; userGroupId: string | null }) => Promise<unknown>;
}

export function toStaffMember(u: UserRecord): TStaffMember {
  const status = staffStatus(u);
  return {
    userId: u.userId,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    role: u.isUserSuperAdmin ? 'superAdmin' : 'staff',
    status,
    group: u.rbacUserGroupId ? { id: u.rbacUserGroupId, groupName: u.rbacUserGroupName ?? '' } : null,
    lastSignInAt: u.lastSignInAt ?? null,
    invitedAt: u.invitedAt ?? null,
    inviteExpiresAt: status === 'invited' && u.resetLink ? new Date(u.resetLink.expiresAt * 1000).toISOString() : null,
  };
}

export async function listStaff(
  { site }: Pick<StaffScope, 'site'>,
  page: { cursor?: string | undefined; limit: number },
): Promise<Page<TStaffMember>> {
  const ids = await invitesRepo.staffIdsPage(site.siteId, page);
  const users = await getUsers(site.siteId, ids.records);
  return { records: users.filter((u) => u.userType === 'staff').map(toStaffMember), nextCursor: ids.nextCursor };
}

const inviteDeps = (scope: StaffScope, wiring: StaffWiring): InviteDeps => ({
  ...defaultInviteDeps,
  now: () => scope.now,
  groups: wiring.staffGroups,
});

const requirePermissionMenu = (site: SiteRecord) => {
  if (!site.wlMeta.canShowPermissionMenu) throw fail.forbidden(RBAC_MSG.permissionMenuOff);
};

async function member(scope: StaffScope, userId: string): Promise<TStaffMember> {
  const user = await getUser(scope.site.siteId, userId);
  if (!user) throw fail.notFound();
  return toStaffMember(user);
}

/** A staff user of this site the caller may manage; 404 for anyone else's or a customer, 403 with the rule's words. */
async function manageable(scope: StaffScope, userId: string): Promise<UserRecord> {
  const user = await getUser(scope.site.siteId, userId);
  if (!user || user.userType !== 'staff') throw fail.notFound();
  const refusal = staffChangeRefusal(scope.principal, user);
  if (refusal) throw fail.forbidden(refusal);
  return user;
}

export async function inviteStaff(
  scope: StaffScope,
  input: { email: string; name: string; role: StaffRole; groupId?: string | undefined },
  wiring: StaffWiring,
): Promise<TStaffMember> {
  if (input.role === 'superAdmin' && !scope.principal.isSuperAdmin)
    throw fail.forbidden(STAFF_MSG.onlySuperAdminsManageSuperAdmins);
  // Groups exist only where the site shows the permission menu (spec 000 §6).
  if (input.groupId) requirePermissionMenu(scope.site);
  const { userId } = await inviteUser(
    scope.site,
    { ...input, invitedBy: auditActor(scope.principal) },
    inviteDeps(scope, wiring),
  );
  return member(scope, userId);
}

export async function resendStaffInvite(scope: StaffScope, userId: string, wiring: StaffWiring) {
  await manageable(scope, userId);
  await resendInvite(scope.site, userId, auditActor(scope.principal), inviteDeps(scope, wiring));
  return member(scope, userId);
}

export async function revokeStaffInvite(scope: StaffScope, userId: string, wiring: StaffWiring) {
  await manageable(scope, userId);
  return revokeInvite(scope.site, userId, auditActor(scope.principal), inviteDeps(scope, wiring));
}

/**
 * Deactivates (blocked: sign-in refused; every session deleted now, not at its next use) or reactivates a staff
 * member. The user and its audit trail stay. Setting the state it already has changes nothing.
 */
export async function setStaffActive(scope: StaffScope, input: { userId: string; active: boolean }) {
  const user = await manageable(scope, input.userId);
  const deactivate = !input.active;
  if (user.isBlocked !== deactivate) {
    const after = { ...user, isBlocked: deactivate };
    const audit = auditPut(
      scope.site.siteId,
      recordChange(
        'staffMember',
        user.userId,
        staffSnapshot(user),
        staffSnapshot(after),
        deactivate ? 'block' : 'unblock',
      ),
      auditActor(scope.principal),
      scope.now,
    );
    if (!(await invitesRepo.setStaffDeactivated(user, deactivate, scope.now, audit)))
      throw fail.conflict(STAFF_MSG.changedMeanwhile);
  }
  if (deactivate) await endSessions(user.siteId, user.userId);
  return member(scope, user.userId);
}

/** Moves a staff member to a group or back to the staff defaults (null), through rbac's own assignment (audited). */
export async function changeStaffGroup(
  scope: StaffScope,
  input: { userId: string; groupId: string | null },
  wiring: StaffWiring,
) {
  requirePermissionMenu(scope.site);
  await manageable(scope, input.userId);
  await wiring.assignGroup(scope, { userId: input.userId, userGroupId: input.groupId });
  return member(scope, input.userId);
}

// The users Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerListStaff = answers(api.listStaff, (input, scope) => listStaff(scope, input));
export const answerInviteStaff = answers(api.inviteStaff, async (input, scope, wiring: StaffWiring) =>
  reply(await inviteStaff(scope, input, wiring), { message: STAFF_MSG.invited }),
);
export const answerResendStaffInvite = answers(api.resendStaffInvite, async (input, scope, wiring: StaffWiring) =>
  reply(await resendStaffInvite(scope, input.userId, wiring), { message: STAFF_MSG.inviteResent }),
);
export const answerRevokeStaffInvite = answers(api.revokeStaffInvite, async (input, scope, wiring: StaffWiring) =>
  reply(await revokeStaffInvite(scope, input.userId, wiring), { message: STAFF_MSG.inviteRevoked }),
);
export const answerSetStaffActive = answers(api.setStaffActive, async (input, scope) =>
  reply(await setStaffActive(scope, input), {
    message: input.active ? STAFF_MSG.reactivated : STAFF_MSG.deactivated,
  }),
);
export const answerChangeStaffGroup = answers(api.changeStaffGroup, async (input, scope, wiring: StaffWiring) =>
  reply(await changeStaffGroup(scope, input, wiring), { message: MSG.groupChanged }),
);
