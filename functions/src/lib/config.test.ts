import { afterEach, describe, expect, it } from 'vitest';
import { requireConfig, resetEnvCache } from './config.ts';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});

describe('requireConfig (cold-start check)', () => {
  it('fails the load naming every missing or empty variable', () => {
    delete process.env.EMAIL_QUEUE_URL;
    process.env.PAYMENT_QUEUE_URL = '  ';
    expect(() => requireConfig(['EMAIL_QUEUE_URL', 'PAYMENT_QUEUE_URL'])).toThrow(
      /Missing configuration: EMAIL_QUEUE_URL, PAYMENT_QUEUE_URL/,
    );
  });
  it('passes when every variable is set', () => {
    process.env.TABLE_NAME = 'travel';
    process.env.EMAIL_QUEUE_URL = 'http://localhost/queue/email';
    expect(() => requireConfig(['TABLE_NAME', 'EMAIL_QUEUE_URL'])).not.toThrow();
  });
});
