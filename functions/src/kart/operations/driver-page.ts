/**
 * The driver page's calls (spec 001 §7 dmcDriver/getDriverTransferJobSheet, dmcDriver/updateTransferDoneByDriver):
 * no session, the token in the body is the key. Order: the rate limits (per client address, then per token
 * hash) → the token's shape → its hash looked up on this site → usable (not expired; revoked ones are gone). Every
 * refusal of the token is the same 403, so a caller learns nothing about why. The token never reaches a log:
 * the preset logs no bodies, and nothing here logs the token or its hash.
 */
import type { ParsedRequestOf } from '@tp/contracts/endpoint';
import type * as api from '@tp/contracts/endpoints/dmc-operations';
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
import { withinRateLimit } from '#lib/rate-limit';
import { getDriver } from '../../dmc/index.ts';
import { driverTransfersBetween, getTransfer } from '../transfers-repo.ts';
import { tokenByHash } from './token-repo.ts';
import { rangeOf, refused, saveTransfers, siteOf, type OpsScope } from './shared.ts';

type In<E> = ParsedRequestOf<E>;

/**
 * Calls a minute. Per token: a phone reloading and marking jobs needs a few; 30 leaves room for a flaky network.
 * Per client address: drivers behind one carrier NAT share an address, so it is wider; it bounds guessing.
 */
export const DRIVER_PAGE_LIMITS = { perToken: 30, perAddress: 300, windowSeconds: 60 } as const;

export interface DriverScope extends OpsScope {
  ip: string;
}

const notValid = () => fail.forbidden(DMC_OPS_MSG.linkNotValid);

/** The driver the token opens the page of, or the one refusal. */
async function driverOfToken(scope: DriverScope, token: string): Promise<{ driverId: string; driverName: string }> {
  const siteId = siteOf(scope);
  const { perToken, perAddress, windowSeconds } = DRIVER_PAGE_LIMITS;
  if (!(await withinRateLimit(siteId, 'driver-page-ip', scope.ip, perAddress, windowSeconds, scope.now)))
    throw fail.tooMany(DMC_OPS_MSG.tooManyRequests);
  if (!isDriverTokenShape(token)) throw notValid();
  const hash = sha256(token);
  if (!(await withinRateLimit(siteId, 'driver-page-token', hash, perToken, windowSeconds, scope.now)))
    throw fail.tooMany(DMC_OPS_MSG.tooManyRequests);
  const record = await tokenByHash(siteId, hash);
  if (!record || !driverTokenUsable(record, scope.now.toISOString())) throw notValid();
  const driver = await getDriver(siteId, record.driverId);
  if (!driver) throw notValid();
  return driver;
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
  const r = transferStatusChange(was.transfer, 'done', { driver: driver.driverId }, scope.now.toISOString());
  if (!r.ok) refused(r, 'transferid');
  if (r.changed)
    await saveTransfers(scope, [{ was, next: r.transfer }], {
      userId: `driver:${driver.driverId}`,
      name: driver.driverName,
      email: '',
    });
  return driverJob(r.transfer);
}
