/**
 * Oversized requests: a body past the handler's limit is a 413 with the error
 * envelope, and one past Lambda's payload limit is refused by the gateway the same way — never a 500.
 */
import { describe, expect, it } from 'vitest';
import { urlPath } from '@tp/contracts/endpoint';
import { login } from '@tp/contracts/endpoints/users';
import * as MSG from '@tp/contracts/messages';
import { REQUEST_LIMITS } from '@tp/contracts/platform';
import { Client } from '../support/api.ts';

const client = () => new Client('flightdeals.localhost');

describe('request size', () => {
  it.each([
    ['past the handler limit', REQUEST_LIMITS.bodyBytes + 10],
    ["past Lambda's payload limit", 7 * 1024 * 1024],
  ])('a body %s is a 413 with the envelope', async (_label, bytes) => {
    const body = JSON.stringify({ email: 'a@example.com', password: 'p'.repeat(bytes) });
    const res = await client().raw('POST', urlPath(login), body);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, code: 'TOO_LARGE', errorMessage: MSG.requestTooLarge });
  });
});
