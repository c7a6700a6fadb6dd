/**
 * Issue #17 item 3: on a stage that requires it, the handler preset answers only requests that came through
 * CloudFront (ORIGIN_HEADER with the secret). A gateway of its own in this process, with the check switched on
 * (ORIGIN_SECRET: the plain-value form of what ORIGIN_SECRET_ARN reads from Secrets Manager), on the suite's table.
 */
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectSite } from '@tp/contracts/endpoints/site';
import { login } from '@tp/contracts/endpoints/users';
import { ORIGIN_HEADER } from '@tp/contracts/platform';
import { resetEnvCache } from '../../functions/src/lib/config.ts';
import { startGateway } from '../../scripts/local/gateway.ts';
import { Client } from '../support/api.ts';
import { TEST_PORTS } from '../support/ports.ts';

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
});
