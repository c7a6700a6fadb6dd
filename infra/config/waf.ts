/**
 * The web ACL's rate-based rules: per client IP, over WAF's 5-minute window, on the calls an attacker
 * repeats (password guessing, sign-up and reset-mail floods, forged payment callbacks). Paths come from
 * the contract's endpoints, never typed here. The handlers keep their own per-email and per-address
 * login throttles (functions/src/lib/rate-limit.ts); these limits only cut floods before a Lambda runs.
 */
import type { Endpoint } from '@tp/contracts/endpoint';
import { login, signup, forgetPassword, generatePassword } from '@tp/contracts/endpoints/users';
import { completeSandboxPayment, phonePeCallback, verifyPayment } from '@tp/contracts/endpoints/wallet';

export interface RateLimitedCalls {
  /** WAF rule and metric name suffix. */
  name: string;
  endpoints: readonly Pick<Endpoint, 'api' | 'path'>[];
  /** Requests per client IP per 5 minutes (WAF's minimum is 10). */
  limit: number;
}

/** WAF's evaluation window for every rate rule, in seconds. */
export const RATE_WINDOW_SECONDS = 300;

export const RATE_LIMITED_CALLS: readonly RateLimitedCalls[] = [
  // An agency's staff share one office address: 100 sign-ins in 5 minutes is still no human rate.
  { name: 'Login', endpoints: [login], limit: 100 },
  { name: 'Signup', endpoints: [signup], limit: 20 },
  // The reset mail and the reset itself.
  { name: 'ForgotPassword', endpoints: [forgetPassword, generatePassword], limit: 20 },
  // PhonePe calls back from a few addresses for every reseller, and the browser polls verifyPayment 5 times
  // a payment: generous, since a blocked genuine callback only delays the reconciler's status check.
  { name: 'PaymentCallbacks', endpoints: [phonePeCallback, verifyPayment, completeSandboxPayment], limit: 1000 },
];
