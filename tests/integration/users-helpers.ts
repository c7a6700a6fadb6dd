/**
 * Shared by the users / notifications integration files: fresh identities per test (the stack is
 * shared by the whole run) and direct table access for states the API cannot produce on demand.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { signup } from '@tp/contracts/endpoints/users';
import type { Client } from '../support/api.ts';

export const PASSWORD = 'Secret123';

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
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  });
}

/** The token of a mailed link (`…?token=…` or `…?verifyEmailToken=…`). */
export function linkToken(text: string | undefined, param: 'token' | 'verifyEmailToken'): string {
  const m = new RegExp(`[?&]${param}=([A-Za-z0-9_-]+)`).exec(text ?? '');
  if (!m) throw new Error(`no ${param} link in mail`);
  return m[1]!;
}
