/** Browser push subscriptions through the gateway (staff get the prompt; any signed-in user may subscribe). */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkExistingSubscription, createPushSubscription } from '@tp/contracts/endpoints/notifications';
import { login } from '@tp/contracts/endpoints/users';
import { Client } from '../support/api.ts';

const SITE = 'flightdeals.localhost';
const subscription = (endpoint: string) => ({
  endpoint,
  expirationTime: null,
  keys: { p256dh: 'BPublicKeyOfTheBrowser', auth: 'authSecret' },
});
const newEndpoint = () => `https://push.example.com/send/${randomUUID()}`;

async function signedIn(email: string, domain = SITE): Promise<Client> {
  const c = new Client(domain);
  const res = await c.call(login, { email, password: 'Demo@1234' });
  if (res.status !== 200) throw new Error(`login failed for ${email}`);
  return c;
}

describe('push subscriptions', () => {
  let staff: Client;
  beforeAll(async () => {
    staff = await signedIn(`staff@${SITE}`);
  });

  it('stores a staff subscription and reports it as existing', async () => {
    const endpoint = newEndpoint();
    expect((await staff.call(checkExistingSubscription, { subscriptionEndPoint: endpoint })).body.result).toEqual({
      exists: false,
    });
    const res = await staff.call(createPushSubscription, { subscription: subscription(endpoint) });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ subscribed: true });
    expect((await staff.call(checkExistingSubscription, { subscriptionEndPoint: endpoint })).body.result).toEqual({
      exists: true,
    });
  });

  it('is idempotent per endpoint', async () => {
    const endpoint = newEndpoint();
    for (let i = 0; i < 2; i++)
      expect((await staff.call(createPushSubscription, { subscription: subscription(endpoint) })).status).toBe(200);
    expect((await staff.call(checkExistingSubscription, { subscriptionEndPoint: endpoint })).body.result.exists).toBe(
      true,
    );
  });

  it("keeps subscriptions per user: another staff member does not see this browser's", async () => {
    const endpoint = newEndpoint();
    await staff.call(createPushSubscription, { subscription: subscription(endpoint) });
    const admin = await signedIn(`admin@${SITE}`);
    expect((await admin.call(checkExistingSubscription, { subscriptionEndPoint: endpoint })).body.result.exists).toBe(
      false,
    );
  });

  it("stores a customer's subscription too (push is a channel they choose), and refuses anonymous callers with 401", async () => {
    const retail = await signedIn(`retail@${SITE}`);
    const endpoint = newEndpoint();
    expect((await retail.call(createPushSubscription, { subscription: subscription(endpoint) })).status).toBe(200);
    expect((await retail.call(checkExistingSubscription, { subscriptionEndPoint: endpoint })).body.result.exists).toBe(
      true,
    );
    expect((await new Client(SITE).call(createPushSubscription, { subscription: subscription(endpoint) })).status).toBe(
      401,
    );
  });

  it('rejects a malformed subscription with a 400', async () => {
    const res = await staff.call(createPushSubscription, {
      subscription: { endpoint: 'not a url', keys: { p256dh: '', auth: '' } },
    });
    expect(res.status).toBe(400);
  });
});
