/**
 * The driver page's calls (spec 001 §7 dmcDriver/getDriverTransferJobSheet, dmcDriver/updateTransferDoneByDriver):
 * no session, the token in the body is the key. Order: the client address's budget of refused tokens is claimed →
 * the token's shape → the per-token limit → its hash looked up on this site → usable (not expired; revoked ones are
 * gone). Every refusal of the token is the same 403, so a caller learns nothing about why; an address past its
 * budget of refusals gets 429 instead, while a valid token from it still opens the page (drivers
 * behind one carrier NAT share an address with whoever guesses there). The token never reaches a log: the preset
 * logs no bodies, and nothing here logs the token or its hash.
 */
import type { ParsedRequestOf } from '@tp/contracts/endpoint';
import * as api from '@tp/contracts/endpoints/dmc-operations';
import { DMC_OPS_MSG } from '@tp/contracts/endpoints/dmc-operations';
import {
  OPS_TEXT,
  driverJob,
  driverJobSheet,
  driverTokenUsable,
  isDriverTokenShape,
  transferStatusChange,
} from '@tp/domain/dmc';
import { sha256 } from '#lib/crypto';
import { fail } from '#lib/errors';
import { attemptBudget, withinRateLimit } from '#lib/rate-limit';
import { siteToday } from '#lib/time';
import { getDriver } from '../../dmc/index.ts';
import { driverTransfersBetween, getTransfer } from '../transfers-repo.ts';
import { tokenByHash } from './token-repo.ts';
import { rangeOf, refused, saveTransfers, siteOf, type OpsScope } from './shared.ts';
import { answers, reply } from '#lib/answers';

type In<E> = ParsedRequestOf<E>;

/**
 * A minute's budgets. Per token: calls; a phone reloading and marking jobs needs a few, 30 leaves room for a flaky
 * network. Per client address: refused tokens only (a valid token gives its unit back), so a guesser is slowed and
 * the real drivers on its address are not. A token is 256 random bits: the budget bounds noise, not a real chance.
 */
export const DRIVER_PAGE_LIMITS = { perToken: 30, refusalsPerAddress: 20, windowSeconds: 60 } as const;
const refusalsPerAddress = attemptBudget(
  'driver-page-ip',
  () => DRIVER_PAGE_LIMITS.refusalsPerAddress,
  DRIVER_PAGE_LIMITS.windowSeconds,
);

export interface DriverScope extends OpsScope {
  ip: string;
}

const notValid = () => fail.forbidden(DMC_OPS_MSG.linkNotValid);

const tooMany = () => fail.tooMany(DMC_OPS_MSG.tooManyRequests);

/** The driver the token opens the page of, or the one refusal (429 for an address past its budget of refusals). */
async function driverOfToken(scope: DriverScope, token: string): Promise<{ driverId: string; driverName: string }> {
  const siteId = siteOf(scope);
  const claim = await refusalsPerAddress.claim(siteId, scope.ip, scope.now);
  const found = await usableDriver(scope, token);
  if (found === 'busy' || found === null) {
    if (found === 'busy' && claim.ok) await claim.release(); // the token's own limit, not a refusal of it
    throw found === 'busy' || !claim.ok ? tooMany() : notValid();
  }
  if (claim.ok) await claim.release();
  return found;
}

/** The driver of a usable token; null when the token opens nothing; 'busy' past the token's own call limit. */
async function usableDriver(
  scope: DriverScope,
  token: string,
): Promise<{ driverId: string; driverName: string } | null | 'busy'> {
  const siteId = siteOf(scope);
  const { perToken, windowSeconds } = DRIVER_PAGE_LIMITS;
  if (!isDriverTokenShape(token)) return null;
  const hash = sha256(token);
  if (!(await withinRateLimit(siteId, 'driver-page-token', hash, perToken, windowSeconds, scope.now))) return 'busy';
  const record = await tokenByHash(siteId, hash);
  if (!record || !driverTokenUsable(record, scope.now.toISOString())) return null;
  return getDriver(siteId, record.driverId);
}

export async function driverSheet(scope: DriverScope, input: In<typeof api.getDriverTransferJobSheet>) {
  const driver = await driverOfToken(scope, input.driverAccessToken);
  const range = rangeOf(scope, input.dateRange);
  const mine = await driverTransfersBetween(siteOf(scope), driver.driverId, range.from, range.to);
  return { driverName: driver.driverName, dateRange: range, transfers: driverJobSheet(mine, range, driver.driverId) };
}

export async function markDone(scope: DriverScope, input: In<typeof api.updateTransferDoneByDriver>) {
  const driver = await driverOfToken(scope, input.driverAccessToken);
  const was = await getTransfer(siteOf(scope), input.transferid);
  // An unknown id and another driver's transfer get the same answer.
  if (!was) throw fail.notFound(OPS_TEXT.notYourTransfer);
  const today = siteToday(scope.site, scope.now);
  const r = transferStatusChange(was.transfer, 'done', { driver: driver.driverId }, scope.now.toISOString(), today);
  if (!r.ok) refused(r, 'transferid');
  if (r.changed)
    await saveTransfers(scope, [{ was, next: r.transfer }], {
      userId: `driver:${driver.driverId}`,
      name: driver.driverName,
      email: '',
    });
  return driverJob(r.transfer);
}

// The kart Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerGetDriverTransferJobSheet = answers(api.getDriverTransferJobSheet, (input, scope) =>
  driverSheet(scope, input),
);
export const answerUpdateTransferDoneByDriver = answers(api.updateTransferDoneByDriver, async (input, scope) =>
  reply(await markDone(scope, input), { message: DMC_OPS_MSG.markedDone }),
);
