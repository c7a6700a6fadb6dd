/**
 * The console's resellers after onboarding: the list with this month's counters, one reseller, its first super
 * admin's invite (users' `inviteUser`: a single-use, expiring set-password link, as password resets), and
 * suspension. Each step is audited in the transaction that records it on the console.
 */
import { CONSOLE_MSG, type TAdminInvite, type TReseller, type TResellerRow } from '@tp/contracts/endpoints/console';
import type { SiteStatus } from '@tp/contracts/endpoints/site';
import type { AuditActor } from '#lib/audit';
import { fail } from '#lib/errors';
import { reply, answers, type OperatorScope } from '#lib/answers';
import { asSiteId, type SiteId } from '#lib/keys';
import { clearSiteCache, type SiteRecord } from '#lib/tenancy';
import { siteMonthCounts } from '#lib/site-stats';
import { monthKey } from '#lib/time';
import { getSiteFresh } from '../site/index.ts';
import { getUser, inviteUser, resendInvite, revokeInvite } from '../users/index.ts';
import { auditEntry } from './audit.ts';
import * as repo from './repo.ts';
import { monthView, rowView, withMonths } from './view.ts';
import * as api from '@tp/contracts/endpoints/console';

const PAGE_SIZE = 20;

export interface ResellerDeps {
  repo: typeof repo;
  site: (siteId: SiteId) => Promise<SiteRecord | null>;
  users: {
    getUser: typeof getUser;
    inviteUser: typeof inviteUser;
    resendInvite: typeof resendInvite;
    revokeInvite: typeof revokeInvite;
  };
}
export const defaultResellerDeps: ResellerDeps = {
  repo,
  site: getSiteFresh,
  users: { getUser, inviteUser, resendInvite, revokeInvite },
};

/** The operator as the site's own audit trail and the invite mail name them. */
const actorOf = (scope: OperatorScope): AuditActor => ({
  userId: `operator:${scope.operator.operatorId}`,
  name: scope.operator.name,
  email: scope.operator.email,
});

export async function listResellers(
  scope: OperatorScope,
  input: { cursor?: string | undefined },
  deps: ResellerDeps = defaultResellerDeps,
): Promise<{ records: TResellerRow[]; nextCursor: string | null }> {
  const page = await deps.repo.resellerPage({ cursor: input.cursor, limit: PAGE_SIZE });
  const month = monthKey(scope.now);
  const counts = await siteMonthCounts(
    page.records.map((r) => r.siteId),
    month,
  );
  return {
    records: page.records.map((r) => rowView(r, monthView(month, counts.get(r.siteId)!))),
    nextCursor: page.nextCursor,
  };
}

async function requireReseller(siteId: string, deps: ResellerDeps): Promise<repo.ResellerRecord> {
  const r = await deps.repo.getReseller(asSiteId(siteId), true);
  if (!r) throw fail.notFound(CONSOLE_MSG.resellerNotFound);
  return r;
}

/** The invite's state as it is now: 'active' once the invited admin set a password through the link. */
async function currentAdmin(r: repo.ResellerRecord, deps: ResellerDeps): Promise<TAdminInvite | null> {
  if (!r.admin || r.admin.state !== 'invited') return r.admin;
  const user = await deps.users.getUser(r.siteId, r.admin.userId);
  if (!user) return { ...r.admin, state: 'revoked' };
  return user.passwordHash ? { ...r.admin, state: 'active' } : r.admin;
}

async function view(r: repo.ResellerRecord, scope: OperatorScope, deps: ResellerDeps): Promise<TReseller> {
  const [withMonth] = await withMonths([r], scope.now);
  return { ...withMonth!, admin: await currentAdmin(r, deps) };
}

export async function getReseller(
  scope: OperatorScope,
  input: { siteId: string },
  deps: ResellerDeps = defaultResellerDeps,
): Promise<TReseller> {
  return view(await requireReseller(input.siteId, deps), scope, deps);
}

async function requireSite(siteId: SiteId, deps: ResellerDeps): Promise<SiteRecord> {
  const site = await deps.site(siteId);
  if (!site) throw fail.notFound(CONSOLE_MSG.resellerNotFound);
  return site;
}

/**
 * Invites the site's first super admin. While an invite is open or accepted there is no second one (resend or
 * revoke it); after a revoke a new one may go out. The user and its link are the users domain's transaction; the
 * console records who was invited in its own, conditional on no other invite having been recorded meanwhile (a
 * concurrent invite that lost is revoked again, so a site never gets two first admins).
 */
export async function inviteAdmin(
  scope: OperatorScope,
  input: { siteId: string; email: string; name: string },
  deps: ResellerDeps = defaultResellerDeps,
): Promise<TReseller> {
  const r = await requireReseller(input.siteId, deps);
  const admin = await currentAdmin(r, deps);
  if (admin && admin.state === 'active') throw fail.conflict(CONSOLE_MSG.adminAlreadyActive);
  if (admin && admin.state === 'invited') throw fail.conflict(CONSOLE_MSG.adminAlreadyInvited);
  const site = await requireSite(r.siteId, deps);
  const invitedBy = actorOf(scope);
  const { userId } = await deps.users.inviteUser(site, {
    email: input.email,
    name: input.name,
    role: 'superAdmin',
    invitedBy,
  });
  const next: TAdminInvite = {
    userId,
    email: input.email.toLowerCase(),
    name: input.name,
    state: 'invited',
    invitedAt: scope.now.toISOString(),
  };
  const recorded = await deps.repo.updateReseller(
    r.siteId,
    { admin: next },
    { adminState: r.admin ? r.admin.state : null },
    [],
    auditEntry(scope.operator, 'inviteAdmin', r.siteId, { admin: r.admin }, { admin: next }, scope.now),
  );
  if (!recorded) {
    await deps.users.revokeInvite(site, userId, invitedBy);
    throw fail.conflict(CONSOLE_MSG.adminAlreadyInvited);
  }
  return view({ ...r, admin: next }, scope, deps);
}

async function requireOpenInvite(
  input: { siteId: string },
  deps: ResellerDeps,
): Promise<{ r: repo.ResellerRecord; admin: TAdminInvite }> {
  const r = await requireReseller(input.siteId, deps);
  const admin = await currentAdmin(r, deps);
  if (!admin || admin.state === 'revoked') throw fail.notFound(CONSOLE_MSG.noAdminInvite);
  if (admin.state === 'active') throw fail.conflict(CONSOLE_MSG.adminAlreadyActive);
  return { r, admin };
}

/** Mails the invite again with a new link (the old one stops working). */
export async function resendAdminInvite(
  scope: OperatorScope,
  input: { siteId: string },
  deps: ResellerDeps = defaultResellerDeps,
): Promise<TReseller> {
  const { r, admin } = await requireOpenInvite(input, deps);
  const site = await requireSite(r.siteId, deps);
  await deps.users.resendInvite(site, admin.userId, actorOf(scope));
  const next: TAdminInvite = { ...admin, invitedAt: scope.now.toISOString() };
  await deps.repo.updateReseller(
    r.siteId,
    { admin: next },
    { adminState: 'invited' },
    [],
    auditEntry(scope.operator, 'resendAdminInvite', r.siteId, { admin }, { admin: next }, scope.now),
  );
  return view({ ...r, admin: next }, scope, deps);
}

/** Withdraws the open invite: the pending account goes, and its link with it. */
export async function revokeAdminInvite(
  scope: OperatorScope,
  input: { siteId: string },
  deps: ResellerDeps = defaultResellerDeps,
): Promise<TReseller> {
  const { r, admin } = await requireOpenInvite(input, deps);
  const site = await requireSite(r.siteId, deps);
  await deps.users.revokeInvite(site, admin.userId, actorOf(scope));
  const next: TAdminInvite = { ...admin, state: 'revoked' };
  await deps.repo.updateReseller(
    r.siteId,
    { admin: next },
    { adminState: 'invited' },
    [],
    auditEntry(scope.operator, 'revokeAdminInvite', r.siteId, { admin }, { admin: next }, scope.now),
  );
  return view({ ...r, admin: next }, scope, deps);
}

/**
 * Suspends or reactivates: the site record's status and the console's record change together with the audit
 * entry. The site's pages then show the notice and its calls are refused (lib/http.ts); nothing is deleted.
 */
async function setStatus(
  scope: OperatorScope,
  input: { siteId: string; reason?: string },
  to: SiteStatus,
  deps: ResellerDeps,
): Promise<TReseller> {
  const r = await requireReseller(input.siteId, deps);
  const from: SiteStatus = to === 'suspended' ? 'active' : 'suspended';
  if (r.status !== from)
    throw fail.conflict(to === 'suspended' ? CONSOLE_MSG.alreadySuspended : CONSOLE_MSG.notSuspended);
  const suspension =
    to === 'suspended' ? { at: scope.now.toISOString(), by: scope.operator.email, reason: input.reason ?? '' } : null;
  const done = await deps.repo.updateReseller(
    r.siteId,
    { status: to, suspension },
    { status: from },
    [repo.siteStatusItem(r.siteId, to)],
    auditEntry(
      scope.operator,
      to === 'suspended' ? 'suspend' : 'reactivate',
      r.siteId,
      { status: r.status, suspension: r.suspension },
      { status: to, suspension },
      scope.now,
    ),
  );
  if (!done) throw fail.conflict(to === 'suspended' ? CONSOLE_MSG.alreadySuspended : CONSOLE_MSG.notSuspended);
  // This process answers the change at once; other warm Lambdas within the site cache's 30 s.
  clearSiteCache();
  return view({ ...r, status: to, suspension }, scope, deps);
}

export const suspend = (
  scope: OperatorScope,
  input: { siteId: string; reason: string },
  deps: ResellerDeps = defaultResellerDeps,
) => setStatus(scope, input, 'suspended', deps);

export const reactivate = (scope: OperatorScope, input: { siteId: string }, deps: ResellerDeps = defaultResellerDeps) =>
  setStatus(scope, input, 'active', deps);

// The console Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerListResellers = answers(api.listResellers, (input, scope) => listResellers(scope, input));
export const answerGetReseller = answers(api.getReseller, (input, scope) => getReseller(scope, input));
export const answerInviteResellerAdmin = answers(api.inviteResellerAdmin, async (input, scope) => {
  const r = await inviteAdmin(scope, input);
  return reply(r, { message: CONSOLE_MSG.adminInvited(input.email) });
});
export const answerResendResellerAdminInvite = answers(api.resendResellerAdminInvite, async (input, scope) => {
  const r = await resendAdminInvite(scope, input);
  return reply(r, { message: CONSOLE_MSG.adminInviteResent(r.admin?.email ?? '') });
});
export const answerRevokeResellerAdminInvite = answers(api.revokeResellerAdminInvite, async (input, scope) =>
  reply(await revokeAdminInvite(scope, input), { message: CONSOLE_MSG.adminInviteRevoked }),
);
export const answerSuspendReseller = answers(api.suspendReseller, async (input, scope) => {
  const r = await suspend(scope, input);
  return reply(r, { message: CONSOLE_MSG.suspended(r.companyName) });
});
export const answerReactivateReseller = answers(api.reactivateReseller, async (input, scope) => {
  const r = await reactivate(scope, input);
  return reply(r, { message: CONSOLE_MSG.reactivated(r.companyName) });
});
