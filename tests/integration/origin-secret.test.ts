/**
 * On a stage that requires it, the handler preset answers only requests that came through
 * CloudFront (ORIGIN_HEADER with the secret). A gateway of its own in this process, with the check switched on
 * (ORIGIN_SECRET: the plain-value form of what ORIGIN_SECRET_ARN reads from Secrets Manager), on the suite's table.
 */
import { randomInt } from 'node:crypto';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectSite } from '@tp/contracts/endpoints/site';
import { login } from '@tp/contracts/endpoints/users';
import { AUTH, ORIGIN_HEADER } from '@tp/contracts/platform';
import { resetEnvCache } from '../../functions/src/lib/config.ts';
import { startGateway } from '../../scripts/local/gateway.ts';
import { Client } from '../support/api.ts';
import { TEST_PORTS } from '../support/ports.ts';
import { uniqueEmail } from './users-helpers.ts';

const SECRET = 'cf-origin-3b9f0c1e7d2a4f68';
const port = TEST_PORTS.ses + 20;
let gateway: Server;

beforeAll(async () => {
  process.env.ORIGIN_SECRET = SECRET;
  resetEnvCache();
  gateway = await startGateway({ port });
});
afterAll(async () => {
  delete process.env.ORIGIN_SECRET;
  resetEnvCache();
  await new Promise<void>((r) => {
    gateway.close(() => r());
    gateway.closeAllConnections();
  });
});

describe('only CloudFront reaches the API', () => {
  const client = new Client('flightdeals.localhost', `http://127.0.0.1:${port}`);

  it('refuses a request without the origin header, or with a wrong one, with 403 and the plain envelope', async () => {
    const attempts: Record<string, string>[] = [{}, { [ORIGIN_HEADER]: 'guess' }, { [ORIGIN_HEADER]: `${SECRET}x` }];
    for (const headers of attempts) {
      const res = await client.call(detectSite, { domain: 'flightdeals.localhost' }, headers);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
      expect(JSON.stringify(res.body)).not.toContain('flightdeals');
    }
  });

  it('refuses before reading the request: a login attempt without the header changes nothing', async () => {
    const res = await client.call(login, { email: 'agent@flightdeals.example', password: 'wrong' });
    expect(res.status).toBe(403);
  });

  it('answers a request that carries the secret as CloudFront sends it', async () => {
    const res = await client.call(detectSite, { domain: 'flightdeals.localhost' }, { [ORIGIN_HEADER]: SECRET });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
  });

  it('takes the client address from CloudFront-Viewer-Address when the secret was verified on the request', async () => {
    const viewer = (ip: string) => ({ [ORIGIN_HEADER]: SECRET, 'cloudfront-viewer-address': `${ip}:443` });
    const guesser = `10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;
    const wrong = () => ({ email: uniqueEmail('guess'), password: 'Wrong-guess-1' });
    const statuses = await Promise.all(
      Array.from(
        { length: AUTH.loginAttemptsPerAddress },
        async () => (await client.call(login, wrong(), viewer(guesser))).status,
      ),
    );
    expect(statuses.every((s) => s === 401)).toBe(true);
    // The guesser's address (as CloudFront saw it) is spent; another viewer on the same connection is not.
    expect((await client.call(login, wrong(), viewer(guesser))).status).toBe(429);
    expect((await client.call(login, wrong(), viewer(`172.16.${randomInt(0, 255)}.${randomInt(1, 255)}`))).status).toBe(
      401,
    );
  }, 60_000);
});
