import { describe, expect, it, vi } from 'vitest';
import * as MSG from '@tp/contracts/messages';
import type { TransactItem } from '#lib/db';
import { asSiteId } from '#lib/keys';
import type { SiteRecord } from '#lib/tenancy';
import { inviteUser, isOpenInvite, resendInvite, revokeInvite, splitName, type InviteDeps } from './invites.ts';
import type { UserRecord } from './record.ts';
import { readResetToken, resetLinkLive } from './reset-link.ts';

const SITE = {
  siteId: asSiteId('site-test'),
  domain: 'test.localhost',
  companyName: 'Test Travels',
  logoUrl: '/logo.svg',
  ownerLegalEntityId: 'le-owner',
  brandingSettings: { theme: { palette: { primary: '#1c64f2', secondary: '#f59e0b' } } },
} as unknown as SiteRecord;
const NOW = new Date('2026-11-28T10:00:00.000Z');
const BY = { userId: 'admin-1', name: 'Asha Admin', email: 'admin@test.localhost' };

function fakes(groups: Record<string, string> = { 'g-desk': 'Ticketing desk' }) {
  const users = new Map<string, UserRecord>();
  const mails: { to: string; text: string }[] = [];
  const written: TransactItem[][] = [];
  const deps: InviteDeps = {
    now: () => NOW,
    log: { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() } as unknown as InviteDeps['log'],
    enqueueEmail: async (m) => void mails.push({ to: String(m.to), text: m.text }),
    repo: {
      nextCustomerNo: async () => 7,
      getUser: async (_s, id) => structuredClone(users.get(id) ?? null),
      insertAccount: async (user, _le, _social, extra = []) => {
        if ([...users.values()].some((u) => u.email === user.email)) return { ok: false, taken: ['email'] };
        users.set(user.userId, structuredClone(user));
        written.push(extra);
        return { ok: true };
      },
    },
    invites: {
      reissueInvite: async (user, link, invited, audit) => {
        const u = users.get(user.userId);
        if (!u || u.passwordHash || u.isBlocked) return false;
        Object.assign(u, { resetLink: link, ...invited });
        written.push([audit]);
        return true;
      },
      removeInvitedUser: async (user, extra) => {
        if (users.get(user.userId)?.passwordHash) return false;
        users.delete(user.userId);
        written.push(extra);
        return true;
      },
    },
    groups: {
      group: async (_s, id) => (groups[id] ? { groupId: id, groupName: groups[id]! } : null),
      join: async (_s, g, u) => [{ Put: { TableName: 't', Item: { join: g, u } } }],
      leave: async (_s, g, u) => [{ Delete: { TableName: 't', Key: { leave: g, u } } }],
    },
  };
  const tokenOf = (email: string) => /token=([\w-]+)/.exec(mails.filter((m) => m.to === email).at(-1)!.text)![1]!;
  return { deps, users, mails, written, tokenOf };
}

describe('splitName', () => {
  it('takes the first word as the first name', () => {
    expect(splitName('  Neha   Rani Kapoor ')).toEqual({ firstName: 'Neha', lastName: 'Rani Kapoor' });
    expect(splitName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
  });
});

describe('inviteUser', () => {
  it('opens a passwordless staff account whose mailed link is its one live password link', async () => {
    const f = fakes();
    const { userId, expiresAt } = await inviteUser(
      SITE,
      { email: 'Neha@Example.com', name: 'Neha Kapoor', role: 'staff', groupId: 'g-desk', invitedBy: BY },
      f.deps,
    );
    const user = f.users.get(userId)!;
    expect(user).toMatchObject({
      email: 'neha@example.com',
      userType: 'staff',
      isUserSuperAdmin: false,
      isBlocked: false,
      rbacUserGroupId: 'g-desk',
      rbacUserGroupName: 'Ticketing desk',
      invitedBy: BY,
    });
    expect(user.passwordHash).toBeUndefined();
    expect(isOpenInvite(user)).toBe(true);
    expect(expiresAt).toBe('2026-12-01T10:00:00.000Z');
    const link = readResetToken(f.tokenOf('neha@example.com'))!;
    expect(link.userId).toBe(userId);
    expect(resetLinkLive(user, link.secretHash, NOW)).toBe(true);
    expect(resetLinkLive(user, link.secretHash, new Date('2026-12-01T10:00:01.000Z'))).toBe(false);
    expect(f.mails[0]!.text).toContain('Asha Admin invited you to join Test Travels as staff');
    // The audit entry and the group membership ride in the user's own transaction.
    const [audit, join] = f.written[0]!;
    expect(audit!.Put!.Item).toMatchObject({ entity: 'staffMember', id: userId, action: 'create', by: BY });
    expect(join!.Put!.Item).toEqual({ join: 'g-desk', u: userId });
  });

  it('refuses an unknown group or a taken address before writing or mailing anything', async () => {
    const f = fakes();
    await expect(
      inviteUser(SITE, { email: 'a@example.com', name: 'A', role: 'staff', groupId: 'nope', invitedBy: BY }, f.deps),
    ).rejects.toMatchObject({ fields: { groupId: MSG.invalidValue } });
    await inviteUser(SITE, { email: 'a@example.com', name: 'A', role: 'superAdmin', invitedBy: BY }, f.deps);
    await expect(
      inviteUser(SITE, { email: 'A@example.com', name: 'B', role: 'staff', invitedBy: BY }, f.deps),
    ).rejects.toMatchObject({ fields: { email: MSG.emailTaken } });
    expect(f.users.size).toBe(1);
    expect(f.mails).toHaveLength(1);
    expect([...f.users.values()][0]!.isUserSuperAdmin).toBe(true);
  });
});

describe('resendInvite and revokeInvite', () => {
  it('a resend kills the older link; a revoke removes the pending user and its membership', async () => {
    const f = fakes();
    const { userId } = await inviteUser(
      SITE,
      { email: 'r@example.com', name: 'Ravi Iyer', role: 'staff', groupId: 'g-desk', invitedBy: BY },
      f.deps,
    );
    const first = readResetToken(f.tokenOf('r@example.com'))!;
    await resendInvite(SITE, userId, BY, f.deps);
    const second = readResetToken(f.tokenOf('r@example.com'))!;
    expect(second.secretHash).not.toBe(first.secretHash);
    expect(resetLinkLive(f.users.get(userId)!, first.secretHash, NOW)).toBe(false);
    expect(resetLinkLive(f.users.get(userId)!, second.secretHash, NOW)).toBe(true);

    await revokeInvite(SITE, userId, BY, f.deps);
    expect(f.users.has(userId)).toBe(false);
    const [audit, leave] = f.written.at(-1)!;
    expect(audit!.Put!.Item).toMatchObject({ entity: 'staffMember', id: userId, action: 'delete' });
    expect(leave!.Delete!.Key).toEqual({ leave: 'g-desk', u: userId });
  });

  it('answers 404 once the invite is accepted or for anyone else', async () => {
    const f = fakes();
    const { userId } = await inviteUser(
      SITE,
      { email: 'x@example.com', name: 'X', role: 'staff', invitedBy: BY },
      f.deps,
    );
    f.users.get(userId)!.passwordHash = 'set';
    await expect(resendInvite(SITE, userId, BY, f.deps)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(revokeInvite(SITE, userId, BY, f.deps)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(revokeInvite(SITE, 'nobody', BY, f.deps)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(f.users.has(userId)).toBe(true);
  });
});

// Agency and company members: the same invite, into the account's legal entity.
describe('member invites', () => {
  const admin = {
    siteId: SITE.siteId,
    userId: 'agent-1',
    email: 'agent@test.localhost',
    firstName: 'Arjun',
    lastName: 'Mehta',
    userType: 'travelAgent',
    companyName: 'Verma Travels',
    isFlightHoldAllowed: true,
    isFlightSearchAllowed: true,
    leGroupId: 'grp-b2b',
    leGroupName: 'B2B',
    legalEntityId: 'le-verma',
    legalEntityName: 'Verma Travels',
  } as UserRecord;
  const legalEntity = {
    siteId: SITE.siteId,
    legalEntityId: 'le-verma',
    name: 'Verma Travels',
    kind: 'company' as const,
    ownerLegalEntityId: 'le-owner',
    createdAt: NOW.toISOString(),
  };

  it("opens a booker in the agency's legal entity, with its company, group and switches, and mails the link", async () => {
    const { deps, users, mails } = fakes();
    const joined = vi.fn();
    const insert = deps.repo.insertAccount;
    deps.repo.insertAccount = async (user, le, social, extra, options) => {
      joined(le.legalEntityId, options);
      return insert(user, le, social, extra, options);
    };
    const { userId } = await inviteUser(
      SITE,
      {
        email: 'ravi@verma.example',
        name: 'Ravi Kumar',
        role: 'booker',
        account: { admin, legalEntity },
        invitedBy: BY,
      },
      deps,
    );
    expect(joined).toHaveBeenCalledWith('le-verma', { joinsLegalEntity: true });
    expect(users.get(userId)).toMatchObject({
      userType: 'travelAgent',
      accountRole: 'booker',
      legalEntityId: 'le-verma',
      companyName: 'Verma Travels',
      leGroupId: 'grp-b2b',
      isFlightHoldAllowed: true,
      isUserSuperAdmin: false,
    });
    expect(users.get(userId)?.passwordHash).toBeUndefined();
    expect(mails.at(-1)?.text).toMatch(/booker for Verma Travels/);
  });

  it('refuses a member role without the account it joins', async () => {
    const { deps, users } = fakes();
    await expect(
      inviteUser(SITE, { email: 'x@verma.example', name: 'X', role: 'booker', invitedBy: BY }, deps),
    ).rejects.toThrow();
    expect(users.size).toBe(0);
  });
});
