import { describe, expect, it, vi } from 'vitest';
import type { SQSRecord } from 'aws-lambda';
import type { SiteId } from '#lib/keys';
import type { TEmailMessage } from '#lib/mail';
import type { TNotifyMessage } from '#lib/notify';
import type { SiteRecord } from '#lib/tenancy';
import { quietLog } from '#lib/testing';
import type { Channels } from './preferences.ts';
import type { PushOutcome } from './push.ts';
import type { PushSubscriptionRecord } from './repo.ts';
import { createNotificationsHandler, type NotificationsWorkerDeps, type NotificationsWorkerWiring } from './worker.ts';

const SITE = 'site-flightdeals' as SiteId;
const site = {
  siteId: SITE,
  domain: 'flightdeals.example.com',
  companyName: 'Flight Deals',
  logoUrl: '',
  brandingSettings: { theme: { palette: { primary: '#0b5' } } },
} as unknown as SiteRecord;

const message = (over: Partial<TNotifyMessage> = {}): TNotifyMessage => ({
  siteId: SITE,
  kind: 'newEnquiry',
  to: { staff: true, permission: 'enquiries.manage' },
  title: 'New enquiry',
  body: 'Asha asked about Dubai.',
  path: '/crm?enquiry=e1',
  idempotencyKey: 'enquiry#e1',
  ...over,
});
const record = (id: string, body: unknown) =>
  ({ messageId: id, receiptHandle: id, body: JSON.stringify(body), attributes: {} }) as SQSRecord;

const sub = (userId: string, n: number): PushSubscriptionRecord => ({
  siteId: SITE,
  userId,
  endpoint: `https://push.example.com/${userId}/${n}`,
  keys: { p256dh: 'p', auth: 'a' },
  expirationTime: null,
  createdAt: '',
  updatedAt: '',
});

/** Two staff users with a browser each (staff-2 has two); channels per user; the push service's answers per endpoint. */
function fakes(channels: Record<string, Channels> = {}, answers: Record<string, PushOutcome | Error> = {}) {
  const subs = new Map<string, PushSubscriptionRecord[]>([
    ['staff-1', [sub('staff-1', 1)]],
    ['staff-2', [sub('staff-2', 1), sub('staff-2', 2)]],
  ]);
  const claims = new Set<string>();
  const pushed: { endpoint: string; payload: unknown }[] = [];
  const mails: TEmailMessage[] = [];
  const deps: NotificationsWorkerDeps = {
    repo: {
      subscriptionsOf: async (_s, userId) => subs.get(userId) ?? [],
      deleteSubscription: vi.fn(async (_s, userId, _h, endpoint) => {
        subs.set(
          userId,
          (subs.get(userId) ?? []).filter((x) => x.endpoint !== endpoint),
        );
        return true;
      }),
      claimPushSent: async (_s, key, userId) =>
        claims.has(`${key}|${userId}`) ? false : (claims.add(`${key}|${userId}`), true),
      releasePushSent: async (_s, key, userId) => void claims.delete(`${key}|${userId}`),
    },
    channelsFor: async (_s, userId) => channels[userId] ?? { mail: false, push: true },
    vapidKeys: async () => ({ publicKey: 'pub', privateKey: 'priv', subject: 'mailto:a@b.c' }),
    keepNews: vi.fn(async () => undefined),
    sendPush: vi.fn(async (s, payload) => {
      const answer = answers[s.endpoint] ?? 'sent';
      if (answer instanceof Error) throw answer;
      if (answer === 'sent') pushed.push({ endpoint: s.endpoint, payload });
      return answer;
    }),
  };
  const wiring: NotificationsWorkerWiring = {
    site: async (id) => (id === SITE ? site : null),
    // The staff holding the permission the message names (the entry reads their groups).
    staffIds: async (_siteId, permission) => (permission === 'enquiries.manage' ? ['staff-1', 'staff-2'] : []),
    recipient: async (_s, userId) => ({ email: `${userId}@example.com`, active: userId !== 'blocked' }),
    enqueueEmail: async (m) => void mails.push(m),
    log: quietLog(),
    now: () => new Date('2026-11-28T10:00:00Z'),
  };
  return { deps, wiring, subs, pushed, mails, handler: createNotificationsHandler(wiring, deps) };
}

describe('notifications worker', () => {
  it("pushes the event to every browser of every staff user, linking into the user's site", async () => {
    const f = fakes();
    expect(await f.handler({ Records: [record('m1', message())] })).toEqual({ batchItemFailures: [] });
    expect(f.pushed.map((p) => p.endpoint).sort()).toEqual([
      'https://push.example.com/staff-1/1',
      'https://push.example.com/staff-2/1',
      'https://push.example.com/staff-2/2',
    ]);
    expect(f.pushed[0]!.payload).toEqual({
      title: 'New enquiry',
      body: 'Asha asked about Dubai.',
      url: expect.stringMatching(/^https?:\/\/flightdeals\.example\.com(:\d+)?\/app\/crm\?enquiry=e1$/),
    });
    expect(f.mails).toEqual([]);
  });

  it('removes a subscription the push service says is gone (404/410) and still pushes to the rest', async () => {
    const f = fakes({}, { 'https://push.example.com/staff-2/1': 'gone' });
    await f.handler({ Records: [record('m1', message())] });
    expect(f.deps.repo.deleteSubscription).toHaveBeenCalledWith(
      SITE,
      'staff-2',
      expect.any(String),
      'https://push.example.com/staff-2/1',
    );
    expect(f.subs.get('staff-2')!.map((s) => s.endpoint)).toEqual(['https://push.example.com/staff-2/2']);
    expect(f.pushed).toHaveLength(2);
  });

  it("follows each user's choice: mail only, both, or neither", async () => {
    const f = fakes({ 'staff-1': { mail: true, push: false }, 'staff-2': { mail: false, push: false } });
    await f.handler({ Records: [record('m1', message())] });
    expect(f.pushed).toEqual([]);
    expect(f.mails).toHaveLength(1);
    expect(f.mails[0]).toMatchObject({
      siteId: SITE,
      to: 'staff-1@example.com',
      subject: 'New enquiry',
      idempotencyKey: 'notify#enquiry#e1#staff-1',
    });
    const both = fakes({ 'staff-1': { mail: true, push: true } });
    await both.handler({ Records: [record('m1', message())] });
    expect(both.mails).toHaveLength(1);
    expect(both.pushed.filter((p) => p.endpoint.includes('staff-1'))).toHaveLength(1);
  });

  it('leaves the mail to the producer when it mails the event itself, and tells named users only', async () => {
    const f = fakes({ 'agent-1': { mail: true, push: true } });
    f.subs.set('agent-1', [sub('agent-1', 1)]);
    await f.handler({
      Records: [
        record('m1', message({ kind: 'refundCredited', to: { userIds: ['agent-1'] }, mailedByProducer: true })),
      ],
    });
    expect(f.pushed.map((p) => p.endpoint)).toEqual(['https://push.example.com/agent-1/1']);
    expect(f.mails).toEqual([]);
  });

  it("keeps a customer's event for the app's banner whatever they chose, and staff events not", async () => {
    const f = fakes({ 'agent-1': { mail: false, push: false } });
    const event = message({ kind: 'cartStatusChanged', to: { userIds: ['agent-1'] }, path: '/activities/queue' });
    await f.handler({ Records: [record('m1', event), record('m2', message())] });
    expect(f.deps.keepNews).toHaveBeenCalledTimes(1);
    expect(f.deps.keepNews).toHaveBeenCalledWith(
      SITE,
      'agent-1',
      expect.objectContaining({ kind: 'cartStatusChanged' }),
      expect.any(Date),
    );
    expect(f.pushed).toHaveLength(3);
  });

  it('pushes an event once per user however often it is delivered', async () => {
    const f = fakes();
    await f.handler({ Records: [record('m1', message())] });
    await f.handler({ Records: [record('m2', message())] });
    expect(f.pushed).toHaveLength(3);
  });

  it('retries a user whose every push failed, without pushing twice to the users already told', async () => {
    const down = { 'https://push.example.com/staff-1/1': new Error('push service answered 503') };
    const f = fakes({}, down);
    const out = await f.handler({ Records: [record('m1', message())] });
    expect(out.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }]);
    expect(f.pushed).toHaveLength(2);
    delete (down as Record<string, Error>)['https://push.example.com/staff-1/1'];
    expect(await f.handler({ Records: [record('m1', message())] })).toEqual({ batchItemFailures: [] });
    expect(f.pushed.map((p) => p.endpoint).filter((e) => e.includes('staff-2'))).toHaveLength(2);
    expect(f.pushed.map((p) => p.endpoint).filter((e) => e.includes('staff-1'))).toHaveLength(1);
  });

  it('tells blocked users nothing and drops malformed messages and unknown sites without retrying', async () => {
    const f = fakes();
    await f.handler({ Records: [record('m1', message({ to: { userIds: ['blocked'] } }))] });
    expect(await f.handler({ Records: [record('m2', { nonsense: true })] })).toEqual({ batchItemFailures: [] });
    expect(await f.handler({ Records: [record('m3', message({ siteId: 'site-gone' }))] })).toEqual({
      batchItemFailures: [],
    });
    expect(f.pushed).toEqual([]);
  });
});
