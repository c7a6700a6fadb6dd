/**
 * Shared by the users / notifications integration files: fresh identities per test (the stack is
 * shared by the whole run) and direct table access for states the API cannot produce on demand.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { inject } from 'vitest';
import { urlPath, type Endpoint } from '@tp/contracts/endpoint';
import { signup } from '@tp/contracts/endpoints/users';
import type { Client } from '../support/api.ts';

/** Not on the common-password list (case-insensitive), so signup and password changes accept it. */
export const PASSWORD = 'Tr4vel-Desk-42';

export const uniqueEmail = (prefix: string): string => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
/** A valid Indian mobile number nobody else in this run has. */
export const uniquePhone = (): string => `98${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

export function retailSignup(overrides: Record<string, unknown> = {}) {
  return {
    userType: 'retail',
    gender: 1,
    firstName: 'Test',
    lastName: 'Traveller',
    email: uniqueEmail('retail'),
    phone: uniquePhone(),
    phoneCode: 'in',
    password: PASSWORD,
    ...overrides,
  };
}

export function agentSignup(overrides: Record<string, unknown> = {}) {
  return {
    userType: 'travelAgent',
    companyName: 'Test Tours',
    primaryEmail: uniqueEmail('agent'),
    primaryPhone: uniquePhone(),
    primaryPhoneCode: 'in',
    secondaryPhone: uniquePhone(),
    secondaryPhoneCode: 'in',
    firstName: 'Agent',
    country: 'India',
    state: 'Kerala',
    city: 'Kochi',
    pincode: '682001',
    address1: '1 Marine Drive',
    password: PASSWORD,
    ...overrides,
  };
}

/** Signs a new retail user up; returns the email it used. */
export async function signedUpRetail(
  client: Client,
  overrides: Record<string, unknown> = {},
): Promise<{ email: string; phone: string; userId: string }> {
  const body = retailSignup(overrides);
  const res = await client.call(signup, body);
  if (res.status !== 200) throw new Error(`signup failed: ${JSON.stringify(res.body)}`);
  return { email: body.email as string, phone: body.phone as string, userId: res.body.result.userId };
}

/** Points this worker's AWS SDK at the run's DynamoDB Local, so tests can use the functions' own repo code. */
export function useStackTable(): void {
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: inject('dynamoUrl'),
  });
}

/** The token of a mailed link (`…?token=…` or `…?verifyEmailToken=…`). */
export function linkToken(text: string | undefined, param: 'token' | 'verifyEmailToken'): string {
  const m = new RegExp(`[?&]${param}=([A-Za-z0-9_-]+)`).exec(text ?? '');
  if (!m) throw new Error(`no ${param} link in mail`);
  return m[1]!;
}

/**
 * A loopback address of its own (127.x.y.z; Linux routes all of 127/8 to lo), so per-address limits a
 * test spends do not touch the rest of the run, which calls from 127.0.0.1.
 */
export const uniqueLoopback = (): string => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** Calls an endpoint as a browser on `domain` would, from the source address `from` (the gateway reports it as the client's). */
export function callFrom(
  from: string,
  domain: string,
  e: Endpoint,
  input: unknown,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  body: { errorMessage?: string; shortError?: Record<string, string>; result?: any };
  setCookie: string[];
}> {
  const url = new URL(`${inject('gatewayUrl')}${urlPath(e)}`);
  const body = JSON.stringify(input);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: e.method,
        localAddress: from,
        headers: {
          'domain-name': domain,
          'content-type': 'application/json',
          origin: `http://${domain}`,
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text ? JSON.parse(text) : {},
            setCookie: res.headers['set-cookie'] ?? [],
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
