import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvCache } from './config.ts';
import { asSiteId } from './keys.ts';
import { isSealed, seal, unseal } from './sealed.ts';

const siteA = asSiteId('site-a');
const siteB = asSiteId('site-b');
const creds = { kind: 'tbo', clientId: 'C-1', userName: 'agent', password: 'p@ss-Wörd' };

describe('sealed site secrets (local master key)', () => {
  const saved = { ...process.env };
  beforeAll(() => {
    process.env.SECRETS_LOCAL_KEY = randomBytes(32).toString('base64');
    delete process.env.SECRETS_KEY_ID;
    resetEnvCache();
  });
  afterAll(() => {
    process.env = { ...saved };
    resetEnvCache();
  });

  it('round-trips a value, and the stored form holds no plaintext', async () => {
    const stored = await seal(creds, { siteId: siteA, field: 'flightSupply' });
    expect(isSealed(stored)).toBe(true);
    expect(stored.by).toBe('local');
    expect(JSON.stringify(stored)).not.toContain('p@ss');
    expect(await unseal(stored, { siteId: siteA, field: 'flightSupply' })).toEqual(creds);
    // Each seal has its own data key and iv: equal values never look equal at rest.
    expect((await seal(creds, { siteId: siteA, field: 'flightSupply' })).data).not.toBe(stored.data);
  });

  it('does not open under another site or field, nor when tampered with', async () => {
    const stored = await seal(creds, { siteId: siteA, field: 'flightSupply' });
    await expect(unseal(stored, { siteId: siteB, field: 'flightSupply' })).rejects.toThrow();
    await expect(unseal(stored, { siteId: siteA, field: 'paymentGateway' })).rejects.toThrow();
    const data = Buffer.from(stored.data, 'base64');
    data[data.length - 1]! ^= 1;
    await expect(
      unseal({ ...stored, data: data.toString('base64') }, { siteId: siteA, field: 'flightSupply' }),
    ).rejects.toThrow();
  });

  it('refuses a plaintext value and passes an unset one through', async () => {
    await expect(unseal(creds, { siteId: siteA, field: 'flightSupply' })).rejects.toThrow(/not sealed/);
    expect(await unseal(undefined, { siteId: siteA, field: 'flightSupply' })).toBeUndefined();
  });

  it('needs a key: without one nothing is sealed', async () => {
    delete process.env.SECRETS_LOCAL_KEY;
    resetEnvCache();
    await expect(seal(creds, { siteId: siteA, field: 'x' })).rejects.toThrow(/No secrets key/);
  });
});
