/**
 * Staff invites: a super admin (or the platform, for a new site's first super admin) opens a staff account for an
 * address and mails it a set-password link. Nobody types another person's password: the account has none until
 * its owner follows the link. The link is the user's one live password link (reset-link.ts), so it has the
 * password reset's rules: it works once (the `/generate_password` screen's call), expires, dies with a newer link
 * (a resend) and with the account (a revoke, which removes the invited user while no password was set).
 * Every step is audited in the transaction that makes it.
 */
import * as MSG from '@tp/contracts/messages';
import { staffInviteMail } from '@tp/mail';
import { auditPut, recordChange, type AuditActor } from '#lib/audit';
import { newId, newToken, sha256 } from '#lib/crypto';
import type { TransactItem } from '#lib/db';
import { fail } from '#lib/errors';
import { appLink, enqueueEmail, mailBrand, type TEmailMessage } from '#lib/mail';
import { log, type Logger } from '#lib/logger';
import type { SiteId } from '#lib/keys';
import type { SiteRecord } from '#lib/tenancy';
import * as repo from './repo.ts';
import * as invites from './invites-repo.ts';
import { referralCode } from './referral.ts';
import { resetLinkToken } from './reset-link.ts';
import type { LegalEntityRecord, UserRecord } from './record.ts';

/** Invites are read later than a reset link is: three days. */
export const INVITE_TTL_SECONDS = 3 * 24 * 3600;

export type StaffRole = 'superAdmin' | 'staff';

export interface StaffInvite {
  email: string;
  /** The person's full name: the first word is their first name. */
  name: string;
  role: StaffRole;
  /** A permission group of the site (sites with the permission menu); needs `groups` in the deps. */
  groupId?: string | undefined;
  /** Who invites, as the audit trail and the mail name them. */
  invitedBy: AuditActor;
}

/**
 * Permission groups as staff management needs them: owned by rbac (a domain above users), handed in by the caller,
 * so a membership is written in the same transaction as the user it names.
 */
export interface StaffGroups {
  /** The group's name; null when the site has no such group. */
  group(siteId: SiteId, groupId: string): Promise<{ groupId: string; groupName: string } | null>;
  /** The membership item of a user in a group (only while the group exists). */
  join(siteId: SiteId, groupId: string, userId: string): Promise<TransactItem[]>;
  leave(siteId: SiteId, groupId: string, userId: string): Promise<TransactItem[]>;
}

export interface InviteDeps {
  repo: Pick<typeof repo, 'insertAccount' | 'nextCustomerNo' | 'getUser'>;
  invites: Pick<typeof invites, 'reissueInvite' | 'removeInvitedUser'>;
  enqueueEmail: (message: TEmailMessage) => Promise<void>;
  log: Logger;
  now: () => Date;
  groups?: StaffGroups | undefined;
}
export const defaultInviteDeps: InviteDeps = { repo, invites, enqueueEmail, log, now: () => new Date() };

/** Splits a full name into the record's first and last name. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') };
}

const roleLabel = (role: StaffRole) => (role === 'superAdmin' ? 'super admin' : 'staff');

/** What the audit trail keeps of a staff member (no secrets, no link). */
export const staffSnapshot = (u: UserRecord) => ({
  email: u.email,
  name: `${u.firstName} ${u.lastName}`.trim(),
  role: u.isUserSuperAdmin ? 'superAdmin' : 'staff',
  group: u.rbacUserGroupName ?? null,
  deactivated: u.isBlocked,
});

/** A new link: the secret goes into the mail only, its hash and expiry onto the user (reset-link.ts). */
function newLink(userId: string, now: Date) {
  const secret = newToken();
  return {
    token: resetLinkToken(userId, secret),
    stored: { id: sha256(secret), expiresAt: Math.floor(now.getTime() / 1000) + INVITE_TTL_SECONDS },
  };
}

/**
 * Queues the invite mail. Best effort, like every account mail: the invite is committed, and a lost mail is
 * mailed again with a resend (which also kills the link it carried).
 */
async function mailInvite(site: SiteRecord, user: UserRecord, by: AuditActor, token: string, deps: InviteDeps) {
  try {
    const mail = staffInviteMail(mailBrand(site), {
      firstName: user.firstName,
      invitedBy: by.name || by.email,
      role: roleLabel(user.isUserSuperAdmin ? 'superAdmin' : 'staff'),
      link: appLink(site, '/generate_password', { token }),
      validForSeconds: INVITE_TTL_SECONDS,
    });
    await deps.enqueueEmail({ siteId: site.siteId, to: user.email, ...mail, idempotencyKey: `invite-${newId()}` });
  } catch (err) {
    deps.log.error('invite mail not queued', { siteId: site.siteId, userId: user.userId, error: String(err) });
  }
}

/**
 * Opens a staff (or super admin) account for `email` without a password and mails its set-password link. The
 * user, its legal entity, the uniqueness guards, the staff-list entry, the group membership and the audit entry
 * are one transaction. A taken address is a 409 on `email`; an unknown group a 400 on `groupId`.
 */
export async function inviteUser(
  site: SiteRecord,
  invite: StaffInvite,
  deps: InviteDeps = defaultInviteDeps,
): Promise<{ userId: string; expiresAt: string }> {
  const now = deps.now();
  const group = invite.groupId ? await requireGroup(site.siteId, invite.groupId, deps) : null;
  const createdAt = now.toISOString();
  const userId = newId();
  const { firstName, lastName } = splitName(invite.name);
  const le: LegalEntityRecord = {
    siteId: site.siteId,
    legalEntityId: newId(),
    name: `${firstName} ${lastName}`.trim() || invite.email,
    kind: 'individual',
    ownerLegalEntityId: site.ownerLegalEntityId,
    createdAt,
  };
  const link = newLink(userId, now);
  const user: UserRecord = {
    siteId: site.siteId,
    userId,
    email: invite.email.toLowerCase(),
    firstName,
    lastName,
    phoneNumbers: [],
    userType: 'staff',
    status: 'pending',
    isBlocked: false,
    isUserSuperAdmin: invite.role === 'superAdmin',
    isFlightHoldAllowed: true,
    isFlightSearchAllowed: true,
    referralCode: referralCode(),
    customerNo: await deps.repo.nextCustomerNo(site.siteId),
    // Staff accounts are not marketing addresses.
    emailSubscribed: false,
    legalEntityId: le.legalEntityId,
    legalEntityName: le.name,
    ...(group ? { rbacUserGroupId: group.groupId, rbacUserGroupName: group.groupName } : {}),
    resetLink: link.stored,
    invitedAt: createdAt,
    invitedBy: invite.invitedBy,
    createdAt,
    updatedAt: createdAt,
  };
  const audit = auditPut(
    site.siteId,
    recordChange('staffMember', userId, null, staffSnapshot(user)),
    invite.invitedBy,
    now,
  );
  const membership = group ? await deps.groups!.join(site.siteId, group.groupId, userId) : [];
  const written = await deps.repo.insertAccount(user, le, undefined, [audit, ...membership]);
  // The only guard an invited user takes is its address's.
  if (!written.ok) throw fail.conflict(MSG.emailTaken, { email: MSG.emailTaken });
  await mailInvite(site, user, invite.invitedBy, link.token, deps);
  return { userId, expiresAt: new Date(link.stored.expiresAt * 1000).toISOString() };
}

const unknownGroup = () => fail.validation(MSG.invalidValue, { groupId: MSG.invalidValue });

async function requireGroup(siteId: SiteId, groupId: string, deps: InviteDeps) {
  const group = deps.groups ? await deps.groups.group(siteId, groupId) : null;
  if (!group) throw unknownGroup();
  return group;
}

/** An open invite (a staff user who never set a password and is not deactivated), or a 404. */
async function requireInvited(siteId: SiteId, userId: string, deps: InviteDeps): Promise<UserRecord> {
  const user = await deps.repo.getUser(siteId, userId);
  if (!user || user.userType !== 'staff' || !isOpenInvite(user)) throw fail.notFound();
  return user;
}

export const isOpenInvite = (u: Pick<UserRecord, 'passwordHash' | 'isBlocked' | 'invitedAt'>): boolean =>
  !!u.invitedAt && !u.passwordHash && !u.isBlocked;

/** Mails the invite again with a new link; the previous link stops working. Only while the invite is open. */
export async function resendInvite(
  site: SiteRecord,
  userId: string,
  invitedBy: AuditActor,
  deps: InviteDeps = defaultInviteDeps,
): Promise<{ userId: string; expiresAt: string }> {
  const now = deps.now();
  const user = await requireInvited(site.siteId, userId, deps);
  const link = newLink(user.userId, now);
  const audit = auditPut(
    site.siteId,
    recordChange(
      'staffMember',
      user.userId,
      { ...staffSnapshot(user), invitedAt: user.invitedAt },
      { ...staffSnapshot(user), invitedAt: now.toISOString() },
    ),
    invitedBy,
    now,
  );
  const sent = await deps.invites.reissueInvite(user, link.stored, { invitedAt: now.toISOString(), invitedBy }, audit);
  if (!sent) throw fail.notFound();
  await mailInvite(site, user, invitedBy, link.token, deps);
  return { userId: user.userId, expiresAt: new Date(link.stored.expiresAt * 1000).toISOString() };
}

/**
 * Withdraws an open invite: the pending user and everything its creation wrote are removed (its link with it), in
 * one transaction with the audit entry. An invite already accepted is a 404: that is a staff member to deactivate.
 */
export async function revokeInvite(
  site: SiteRecord,
  userId: string,
  invitedBy: AuditActor,
  deps: InviteDeps = defaultInviteDeps,
): Promise<{ userId: string }> {
  const now = deps.now();
  const user = await requireInvited(site.siteId, userId, deps);
  const audit = auditPut(
    site.siteId,
    recordChange('staffMember', user.userId, staffSnapshot(user), null),
    invitedBy,
    now,
  );
  const leave =
    user.rbacUserGroupId && deps.groups ? await deps.groups.leave(site.siteId, user.rbacUserGroupId, user.userId) : [];
  if (!(await deps.invites.removeInvitedUser(user, [audit, ...leave]))) throw fail.notFound();
  return { userId: user.userId };
}
