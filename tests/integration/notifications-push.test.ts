/**
 * Web push end to end: a browser's subscription (made by a local push service that plays the browser) stored
 * through the gateway; an event (a visitor's enquiry) → the notifications queue → the worker → a push signed with
 * the stage's VAPID key (the one GET notification/pushKey serves) and encrypted for that browser, which the
 * service decrypts (RFC 8291) and reads; a subscription the service answers 410 for is removed; each user's
 * choice per kind is respected (push off: no push, mail on: a mail) and stored per user.
 */
import { randomUUID } from 'node:crypto';
import { GetQueueUrlCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { submitEnquiry } from '@tp/contracts/endpoints/enquiries';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_MSG,
  checkExistingSubscription,
  createPushSubscription,
  getNotificationPreferences,
  getPushKey,
  notificationKindsFor,
  saveNotificationPreferences,
} from '@tp/contracts/endpoints/notifications';
import { login } from '@tp/contracts/endpoints/users';
import { QUEUES } from '@tp/contracts/platform';
import { notify } from '../../functions/src/lib/notify.ts';
import { wiring as notificationsWiring } from '../../functions/src/entries/workers/notifications.ts';
import { resetEnvCache } from '../../functions/src/lib/config.ts';
import { asSiteId } from '../../functions/src/lib/keys.ts';
import { Client, mailbox } from '../support/api.ts';
import { startPushService } from '../support/push-service.ts';
import { uniqueLoopback, uniquePhone } from './users-helpers.ts';

const SITE = 'flightdeals.localhost';
const WAIT_MS = 20_000;

async function signedIn(email: string, site = SITE): Promise<{ client: Client; userId: string }> {
  const client = new Client(site);
  const res = await client.call(login, { email, password: 'Demo@1234' });
  if (res.status !== 200) throw new Error(`login failed for ${email}`);
  return { client, userId: String(res.body.result.id) };
}

async function until<T>(what: string, find: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const end = Date.now() + WAIT_MS;
  while (Date.now() < end) {
    const found = await find();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`waited in vain for ${what}`);
}

async function enquire(subjectTitle: string): Promise<string> {
  const visitor = Object.assign(new Client(SITE), { from: uniqueLoopback() });
  const res = await visitor.call(submitEnquiry, {
    kind: 'package',
    subjectTitle,
    name: 'Asha Menon',
    email: `asha.${randomUUID().slice(0, 8)}@example.com`,
    phone: uniquePhone(),
    phoneCode: 'in',
    message: 'Is the desert safari included?',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return String(res.body.result.enquiryId);
}

const defaultsOf = (userType: string) =>
  notificationKindsFor(userType).map((kind) => ({ kind, ...NOTIFICATION_KINDS[kind].defaults }));

let service: Awaited<ReturnType<typeof startPushService>>;
let staff: Awaited<ReturnType<typeof signedIn>>;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  service = await startPushService();
  staff = await signedIn(`staff@${SITE}`);
  admin = await signedIn(`admin@${SITE}`);
});

afterAll(async () => {
  // The demo users' choices go back to the defaults: other files read their mail.
  for (const u of [staff, admin].filter(Boolean))
    await u.client.call(saveNotificationPreferences, { preferences: defaultsOf('staff') });
  await service?.stop();
});

describe('the VAPID key', () => {
  it('is served at run time to signed-in users, never to anonymous callers', async () => {
    const res = await staff.client.call(getPushKey, {});
    expect(res.status).toBe(200);
    // An uncompressed P-256 point, base64url: what PushManager.subscribe takes as applicationServerKey.
    expect(Buffer.from(String(res.body.result.publicKey), 'base64url')).toHaveLength(65);
    expect((await new Client(SITE).call(getPushKey, {})).status).toBe(401);
  });
});

describe('a push that is sent', () => {
  it('reaches a staff browser for a new enquiry, signed with the served key and readable only with its keys', async () => {
    const browser = service.subscribe();
    expect((await staff.client.call(createPushSubscription, { subscription: browser })).status).toBe(200);
    const title = `Dubai 4N/5D ${randomUUID().slice(0, 8)}`;
    const enquiryId = await enquire(title);

    const push = await until('the push', () => service.pushesTo(browser.endpoint)[0]);
    expect(service.problems).toEqual([]);
    expect(push.payload).toEqual({
      title: 'New enquiry',
      body: `Asha Menon asked about ${title}.`,
      url: expect.stringMatching(new RegExp(`^http://${SITE}:\\d+/app/crm\\?enquiry=${enquiryId}$`)),
    });
    const served = (await staff.client.call(getPushKey, {})).body.result.publicKey;
    expect(push.vapidKey).toBe(served);
    expect(push.claims.aud).toBe(service.origin);
    expect(push.claims.sub).toMatch(/^mailto:/);
    expect(Number(push.ttl)).toBeGreaterThan(0);
  });

  it('removes a subscription the push service answers 410 for, and keeps pushing to the others', async () => {
    const dropped = service.subscribe();
    const kept = service.subscribe();
    for (const s of [dropped, kept])
      expect((await staff.client.call(createPushSubscription, { subscription: s })).status).toBe(200);
    service.drop(dropped.endpoint);
    const title = `Abu Dhabi ${randomUUID().slice(0, 8)}`;
    await enquire(title);

    await until('the push to the kept browser', () =>
      service.pushesTo(kept.endpoint).find((p) => String(p.payload.body).includes(title)),
    );
    await until('the dropped subscription removed', async () => {
      const res = await staff.client.call(checkExistingSubscription, { subscriptionEndPoint: dropped.endpoint });
      return res.body.result.exists === false ? true : undefined;
    });
    expect(service.pushesTo(dropped.endpoint)).toEqual([]);
  });

  it("reaches a customer's browser for what they wait for (a refund credited)", async () => {
    const retail = await signedIn(`retail@${SITE}`);
    const browser = service.subscribe();
    expect((await retail.client.call(createPushSubscription, { subscription: browser })).status).toBe(200);
    const sqs = new SQSClient({
      region: 'us-east-1',
      endpoint: inject('sqsUrl'),
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const { QueueUrl } = await sqs.send(new GetQueueUrlCommand({ QueueName: QUEUES.notifications.name }));
    Object.assign(process.env, {
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_ENDPOINT_URL_SQS: inject('sqsUrl'),
      NOTIFICATIONS_QUEUE_URL: QueueUrl,
    });
    resetEnvCache();
    const key = randomUUID();
    const event = {
      siteId: 'site-flightdeals',
      kind: 'refundCredited' as const,
      to: { userIds: [retail.userId] },
      title: 'Refund credited',
      body: `₹1,200.00 for PNR ${key.slice(0, 6)} was credited to your wallet.`,
      path: '/flight/ticketQueue',
      mailedByProducer: true,
      idempotencyKey: `refund#${key}`,
    };
    await notify(event);
    const push = await until('the push', () => service.pushesTo(browser.endpoint)[0]);
    expect(push.payload).toMatchObject({ title: 'Refund credited', body: event.body });
    // The same event again (a redelivery, a status applied twice) pushes nothing new: the first push is the
    // only one once a later event has come through behind it.
    await notify(event);
    await notify({ ...event, body: 'the next event', idempotencyKey: `refund#${randomUUID()}` });
    await until('the next push', () =>
      service.pushesTo(browser.endpoint).find((p) => p.payload.body === 'the next event'),
    );
    expect(service.pushesTo(browser.endpoint).filter((p) => p.payload.body === event.body)).toHaveLength(1);
  });
});

describe('staff told about what they can act on', () => {
  // Partner Holidays' demo staff member works the 'Ticketing desk' group (scripts/seed/rbac.ts): the flight
  // queues, not the CRM inbox; its super admin holds every permission.
  const PARTNER = 'partner.localhost';
  it("are the site's staff holding the permission of the screen the notification opens", async () => {
    const desk = (await signedIn(`staff@${PARTNER}`, PARTNER)).userId;
    const owner = (await signedIn(`admin@${PARTNER}`, PARTNER)).userId;
    const enquiryStaff = await notificationsWiring.staffIds(asSiteId('site-partner'), 'enquiries.manage');
    expect(enquiryStaff).toContain(owner);
    expect(enquiryStaff).not.toContain(desk);
    const queueStaff = await notificationsWiring.staffIds(asSiteId('site-partner'), 'flights.changeRequests');
    expect(queueStaff).toEqual(expect.arrayContaining([owner, desk]));
    // Another site's staff never.
    expect(await notificationsWiring.staffIds(asSiteId('site-partner'), 'flights.changeRequests')).not.toContain(
      staff.userId,
    );
  });
});

describe('preferences', () => {
  it('answer the kinds offered to the user with their defaults, per user type', async () => {
    const res = await staff.client.call(getNotificationPreferences, {});
    expect(res.status).toBe(200);
    expect(res.body.result.preferences).toEqual(defaultsOf('staff'));
    const retail = await signedIn(`retail@${SITE}`);
    expect((await retail.client.call(getNotificationPreferences, {})).body.result.preferences).toEqual(
      defaultsOf('retail'),
    );
  });

  it('refuse a kind not offered to the user and change nothing', async () => {
    const retail = await signedIn(`retail@${SITE}`);
    const before = (await retail.client.call(getNotificationPreferences, {})).body.result.preferences;
    const res = await retail.client.call(saveNotificationPreferences, {
      preferences: [
        { kind: 'refundCredited', mail: false, push: false },
        { kind: 'newEnquiry', mail: true, push: true },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.shortError ?? res.body.message).toBe(NOTIFICATION_MSG.notYourKind);
    expect((await retail.client.call(getNotificationPreferences, {})).body.result.preferences).toEqual(before);
    expect((await retail.client.call(saveNotificationPreferences, { preferences: [] })).status).toBe(400);
  });

  it('are respected: push off sends no push, mail on sends a mail; stored per user', async () => {
    const adminBrowser = service.subscribe();
    const staffBrowser = service.subscribe();
    await admin.client.call(createPushSubscription, { subscription: adminBrowser });
    await staff.client.call(createPushSubscription, { subscription: staffBrowser });
    const saved = await admin.client.call(saveNotificationPreferences, {
      preferences: [{ kind: 'newEnquiry', mail: true, push: false }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(NOTIFICATION_MSG.preferencesSaved);
    expect(saved.body.result.preferences).toContainEqual({ kind: 'newEnquiry', mail: true, push: false });
    // Another kind keeps its default; another user keeps theirs.
    expect(saved.body.result.preferences).toContainEqual({
      kind: 'changeRequest',
      ...NOTIFICATION_KINDS.changeRequest.defaults,
    });
    expect((await staff.client.call(getNotificationPreferences, {})).body.result.preferences).toEqual(
      defaultsOf('staff'),
    );

    const title = `Sharjah ${randomUUID().slice(0, 8)}`;
    await enquire(title);
    await until('the staff push', () =>
      service.pushesTo(staffBrowser.endpoint).find((p) => String(p.payload.body).includes(title)),
    );
    // The worker pushes a user before it mails them: once the admin's mail is out, their push was decided.
    const mail = await until('the admin mail', async () =>
      (await mailbox()).find(
        (m) =>
          m.destination.to.includes(`admin@${SITE}`) && m.subject === 'New enquiry' && m.body.html?.includes(title),
      ),
    );
    expect(mail.body.text).toContain(`Asha Menon asked about ${title}.`);
    expect(service.pushesTo(adminBrowser.endpoint)).toEqual([]);
    // The staff member (mail off by default) got no such mail.
    expect(
      (await mailbox()).some(
        (m) =>
          m.destination.to.includes(`staff@${SITE}`) && m.subject === 'New enquiry' && m.body.html?.includes(title),
      ),
    ).toBe(false);
  });
});
