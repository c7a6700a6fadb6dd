import { describe, expect, it } from 'vitest';
import { asSiteId, type SiteId } from '#lib/keys';
import { checkGoLive, getGoLive, startGoLive, type GoLiveDeps } from './go-live.ts';
import { localProvisioner } from './local-provisioner.ts';
import type { DomainProvisioner } from './provisioner.ts';
import type { GoLiveRecord } from './repo.ts';
import type { GoLiveState } from '@tp/contracts/endpoints/console';

const none = { alias: false, dkim: false, mailFrom: false, dmarc: false };

function world(provisioner: DomainProvisioner, domains: Record<string, string[]> = { acme: ['acme.example.com'] }) {
  const stored = new Map<string, GoLiveRecord>();
  const calls: string[] = [];
  const audits: { goLive: GoLiveState; action: string; after: unknown }[] = [];
  const states = new Map<string, GoLiveState>();
  const deps: GoLiveDeps = {
    reseller: async (siteId: SiteId) =>
      domains[siteId] ? { domains: domains[siteId], goLive: states.get(siteId) ?? 'pending' } : null,
    setGoLive: async (siteId, goLive, audit) => {
      states.set(siteId, goLive);
      audits.push({ goLive, action: audit.action, after: audit.after });
    },
    provisioner: () => ({
      ...provisioner,
      start: async (r) => (calls.push(`start ${r.domain}`), provisioner.start(r)),
      check: async (r) => (calls.push(`check ${r.domain}`), provisioner.check(r)),
    }),
    setting: () => ({ provider: provisioner.kind, region: provisioner.region }),
    records: async (siteId) => [...stored.entries()].filter(([k]) => k.startsWith(`${siteId}|`)).map(([, r]) => r),
    save: async (siteId, record) => void stored.set(`${siteId}|${record.domain}`, record),
  };
  return { deps, stored, calls, audits };
}

const pendingAws: DomainProvisioner = {
  kind: 'aws',
  region: 'ap-south-1',
  start: async () => ({ dkimTokens: ['a', 'b', 'c'], aliasTarget: 'd1.cloudfront.net', verification: none }),
  check: async () => ({
    dkimTokens: ['a', 'b', 'c'],
    aliasTarget: 'd1.cloudfront.net',
    verification: { alias: true, dkim: true, mailFrom: true, dmarc: false },
  }),
};

const operator = { operatorId: 'op-1', email: 'ops@example.com', name: 'Ops', mfa: 'off' as const };
const at = (iso: string) => ({ now: new Date(iso), operator });

describe('go-live checklist', () => {
  it('lists a site never started with every record pending and nothing asked of the cloud', async () => {
    const { deps, calls } = world(pendingAws);
    const goLive = await getGoLive({ siteId: 'acme' }, deps);
    expect(goLive).toMatchObject({ siteId: 'acme', provider: 'aws', live: false });
    expect(goLive.domains[0]).toMatchObject({
      domain: 'acme.example.com',
      mailFromDomain: 'mail.acme.example.com',
      state: 'notStarted',
    });
    expect(goLive.domains[0]!.records.every((r) => !r.verified)).toBe(true);
    expect(calls).toEqual([]);
  });

  it('on the local stack a started domain is live at once', async () => {
    const { deps } = world(localProvisioner('ap-south-1'));
    const goLive = await startGoLive({ siteId: 'acme' }, at('2026-11-28T10:00:00Z'), deps);
    expect(goLive.live).toBe(true);
    expect(goLive.domains[0]).toMatchObject({ state: 'live', startedAt: '2026-11-28T10:00:00.000Z' });
    expect(goLive.domains[0]!.records.every((r) => r.verified)).toBe(true);
  });

  it('shows the tokens and target the cloud gave, pending until a check finds them published', async () => {
    const { deps, calls, audits } = world(pendingAws);
    const started = await startGoLive({ siteId: 'acme' }, at('2026-11-28T10:00:00Z'), deps);
    expect(started.domains[0]!.state).toBe('pending');
    expect(started.domains[0]!.records.map((r) => r.name)).toContain('a._domainkey.acme.example.com');
    expect(started.domains[0]!.records.at(-1)).toMatchObject({ value: 'd1.cloudfront.net', verified: false });

    const checked = await checkGoLive({ siteId: 'acme' }, at('2026-11-28T11:00:00Z'), deps);
    expect(checked.live).toBe(true);
    // The start time is kept; the check's time is the last look.
    expect(checked.domains[0]).toMatchObject({
      startedAt: '2026-11-28T10:00:00.000Z',
      checkedAt: '2026-11-28T11:00:00.000Z',
    });
    expect((await getGoLive({ siteId: 'acme' }, deps)).live).toBe(true);
    expect(calls).toEqual(['start acme.example.com', 'check acme.example.com']);
    // The start is audited, and so is the check that found the domain live; the reseller's state follows.
    expect(audits).toEqual([
      { goLive: 'pending', action: 'goLive', after: { goLive: 'pending', domains: { 'acme.example.com': 'pending' } } },
      { goLive: 'live', action: 'goLive', after: { goLive: 'live', domains: { 'acme.example.com': 'live' } } },
    ]);
    // A check that changes nothing writes no audit entry.
    await checkGoLive({ siteId: 'acme' }, at('2026-11-28T12:00:00Z'), deps);
    expect(audits).toHaveLength(2);
  });

  it('checks only the domains started', async () => {
    const { deps, calls } = world(pendingAws, { acme: ['acme.example.com', 'acme.in'] });
    await checkGoLive({ siteId: 'acme' }, at('2026-11-28T10:00:00Z'), deps);
    expect(calls).toEqual([]);
  });

  it('keeps what earlier domains learnt when a later one fails', async () => {
    const failing: DomainProvisioner = {
      ...pendingAws,
      start: async (r) => {
        if (r.domain === 'acme.in') throw new Error('throttled');
        return pendingAws.start(r);
      },
    };
    const { deps, stored } = world(failing, { acme: ['acme.example.com', 'acme.in'] });
    await expect(startGoLive({ siteId: 'acme' }, at('2026-11-28T10:00:00Z'), deps)).rejects.toThrow('throttled');
    expect([...stored.keys()]).toEqual(['acme|acme.example.com']);
  });

  it('answers an unknown reseller with not found', async () => {
    const { deps } = world(pendingAws);
    await expect(getGoLive({ siteId: asSiteId('nobody') }, deps)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
