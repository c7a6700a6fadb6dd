/**
 * Operators' sign-in, sign-out and session. Operators are not site users: their accounts and sessions live in the
 * platform's partition, on the console's own cookie; the password rules are the site users' (argon2id, one
 * verification even for an unknown address, the hash upgraded on sign-in), and so is the throttling (attempt
 * budgets claimed before the password is checked). An account with MFA on also needs its authenticator code.
 */
import type { TOperator } from '@tp/contracts/endpoints/console';
import { CONSOLE_MSG } from '@tp/contracts/endpoints/console';
import * as MSG from '@tp/contracts/messages';
import { AUTH, CONSOLE } from '@tp/contracts/platform';
import { env } from '#lib/config';
import { clearConsoleSessionCookie, consoleSessionCookie } from '#lib/cookies';
import { newId, newToken, sha256 } from '#lib/crypto';
import { fail } from '#lib/errors';
import {
  answers,
  reply,
  type ConsoleScope,
  type OperatorPrincipal,
  type OperatorScope,
  type Reply,
} from '#lib/answers';
import { platformAttemptBudget, type Claim } from '#lib/rate-limit';
import { hashPassword, needsRehash, verifyPassword } from '../users/index.ts';
import * as repo from './repo.ts';
import { auditEntry } from './audit.ts';
import { verifyTotp } from './totp.ts';
import * as api from '@tp/contracts/endpoints/console';

export const operatorView = (o: Pick<repo.OperatorRecord, 'operatorId' | 'email' | 'name' | 'mfa'>): TOperator => ({
  operatorId: o.operatorId,
  email: o.email,
  name: o.name,
  mfa: o.mfa,
});

export interface OperatorDeps {
  repo: typeof repo;
  verifyPassword: typeof verifyPassword;
  hashPassword: typeof hashPassword;
  needsRehash: typeof needsRehash;
  attempts: {
    perAccountAddress: ReturnType<typeof platformAttemptBudget>;
    perAddress: ReturnType<typeof platformAttemptBudget>;
  };
}
export const defaultOperatorDeps: OperatorDeps = {
  repo,
  verifyPassword,
  hashPassword,
  needsRehash,
  attempts: {
    perAccountAddress: platformAttemptBudget('console-login-account-ip', () => env().LOGIN_ATTEMPTS_PER_MINUTE, 60),
    perAddress: platformAttemptBudget(
      'console-login-ip',
      () => env().LOGIN_ATTEMPTS_PER_ADDRESS,
      AUTH.loginAddressWindowSeconds,
    ),
  },
};

/** Tokens are `<operatorId>.<256 random bits>`: the id finds the operator in the session's round trip. */
const operatorIdOf = (token: string): string | null => {
  const dot = token.lastIndexOf('.');
  const id = dot > 0 ? token.slice(0, dot) : '';
  return /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : null;
};

/**
 * Claims one attempt of each budget before the password is checked (the site sign-in's throttling): the account
 * from this address, and this address across accounts. Only failures keep their claims.
 */
async function claimAttempt(scope: ConsoleScope, email: string, deps: OperatorDeps): Promise<() => Promise<void>> {
  const claims: Claim[] = await Promise.all([
    deps.attempts.perAccountAddress.claim(`${email.toLowerCase()} ${scope.ip}`, scope.now),
    deps.attempts.perAddress.claim(scope.ip, scope.now),
  ]);
  const release = async () => {
    await Promise.all(claims.map((c) => (c.ok ? c.release() : undefined)));
  };
  const refused = claims.flatMap((c) => (c.ok ? [] : [c.retryAfterSeconds]));
  if (refused.length === 0) return release;
  await release();
  throw fail.tooMany(MSG.tooManyLoginAttempts(Math.max(1, Math.ceil(Math.max(...refused) / 60))));
}

export async function login(
  scope: ConsoleScope,
  input: { email: string; password: string; otp?: string | undefined },
  deps: OperatorDeps = defaultOperatorDeps,
): Promise<Reply<TOperator>> {
  const release = await claimAttempt(scope, input.email, deps);
  const operatorId = await deps.repo.operatorIdByEmail(input.email);
  const operator = operatorId ? await deps.repo.getOperator(operatorId) : null;
  // Always one argon2 verification (a dummy hash without an account), so timing does not reveal accounts.
  const matches = await deps.verifyPassword(input.password, operator?.passwordHash);
  if (!operator || !matches) throw fail.unauthenticated(MSG.invalidCredentials);
  if (operator.disabled) throw fail.unauthenticated(CONSOLE_MSG.operatorDisabled);
  // The second factor: a wrong code counts as a failed attempt, like a wrong password.
  if (operator.mfa === 'totp') {
    if (!input.otp) {
      await release(); // the right password without its code yet: the form asks for the code, nothing failed
      throw fail.validation(CONSOLE_MSG.mfaCodeRequired, { otp: CONSOLE_MSG.mfaCodeRequired });
    }
    if (!operator.totpSecret || !verifyTotp(operator.totpSecret, input.otp, scope.now))
      throw fail.unauthenticated(CONSOLE_MSG.mfaCodeWrong);
  }
  await release();
  if (deps.needsRehash(operator.passwordHash)) {
    // Best effort: the sign-in goes on, and a password changed meanwhile is never undone.
    await deps
      .hashPassword(input.password)
      .then((next) => deps.repo.replaceOperatorHash(operator.operatorId, operator.passwordHash, next))
      .catch((err: unknown) => scope.log.warn('operator rehash failed', { error: String(err) }));
  }
  const token = `${operator.operatorId}.${newToken()}`;
  await deps.repo.putOperatorSession(sha256(token), {
    operatorId: operator.operatorId,
    createdAt: scope.now.toISOString(),
    expiresAt: Math.floor(scope.now.getTime() / 1000) + CONSOLE.sessionTtlSeconds,
  });
  await deps.repo.putAudit(auditEntry(operator, 'signIn', null, null, { ip: scope.ip }, scope.now));
  return reply(operatorView(operator), { cookies: [consoleSessionCookie(token)] });
}

export async function logout(
  scope: ConsoleScope,
  deps: OperatorDeps = defaultOperatorDeps,
): Promise<Reply<{ ok: true }>> {
  if (scope.token) await deps.repo.deleteOperatorSession(sha256(scope.token));
  if (scope.operator) await deps.repo.putAudit(auditEntry(scope.operator, 'signOut', null, null, null, scope.now));
  return reply({ ok: true as const }, { message: CONSOLE_MSG.signedOut, cookies: [clearConsoleSessionCookie()] });
}

export const session = (scope: OperatorScope): TOperator => operatorView(scope.operator);

/**
 * The operator of a console session token, for the handler preset; null when unknown, expired, or the account is
 * disabled. Never a site session: those live under their site, under another cookie.
 */
export async function findOperator(
  token: string,
  now: Date,
  deps: Pick<OperatorDeps, 'repo'> = defaultOperatorDeps,
): Promise<OperatorPrincipal | null> {
  if (!token || token.length > 300) return null;
  const operatorId = operatorIdOf(token);
  if (!operatorId) return null;
  const { session: s, operator } = await deps.repo.sessionWithOperator(sha256(token), operatorId);
  if (!s || !operator || s.operatorId !== operator.operatorId) return null;
  if (s.expiresAt * 1000 <= now.getTime() || operator.disabled) return null;
  return operatorView(operator);
}

/** A new operator account (the seed's demo operator; a platform script for real ones). */
export async function createOperator(
  input: { email: string; name: string; password: string; mfa?: repo.OperatorRecord['mfa']; totpSecret?: string },
  now: Date,
  deps: Pick<OperatorDeps, 'repo' | 'hashPassword'> = defaultOperatorDeps,
): Promise<repo.OperatorRecord | null> {
  const record: repo.OperatorRecord = {
    operatorId: newId(),
    email: input.email.trim().toLowerCase(),
    name: input.name,
    passwordHash: await deps.hashPassword(input.password),
    mfa: input.mfa ?? 'off',
    ...(input.totpSecret ? { totpSecret: input.totpSecret } : {}),
    disabled: false,
    createdAt: now.toISOString(),
  };
  return (await deps.repo.insertOperator(record)) ? record : null;
}

// The console Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerConsoleLogin = answers(api.consoleLogin, (input, scope) => login(scope, input));
export const answerConsoleLogout = answers(api.consoleLogout, (_input, scope) => logout(scope));
export const answerConsoleSession = answers(api.consoleSession, (_input, scope) => session(scope));
