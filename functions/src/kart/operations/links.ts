/**
 * Driver links (spec 001 §7 dmc/generateDriverAccessToken; ours: revoke, status). The token is drawn with
 * node:crypto (256 bits), answered once with the page URL, and only its SHA-256 is stored; a new link replaces
 * the driver's previous one. Each change is audited (entity `driverToken`, by driver id; never the token or hash).
 */
import type { ParsedRequestOf } from '@tp/contracts/endpoint';
import * as api from '@tp/contracts/endpoints/dmc-operations';
import { DMC_OPS_MSG } from '@tp/contracts/endpoints/dmc-operations';
import { OPS_TEXT, driverTokenExpiry, driverTokenUsable, type DriverTokenRecord } from '@tp/domain/dmc';
import { auditActor, auditPut, type AuditRecord } from '#lib/audit';
import { newToken, sha256 } from '#lib/crypto';
import { fail } from '#lib/errors';
import { appLink } from '#lib/links';
import { getDriver } from '../../dmc/index.ts';
import { liveTokenOf, replaceToken, revokeToken } from './token-repo.ts';
import { siteOf, type OpsScope } from './shared.ts';
import type { StaffScope } from './staff.ts';
import { answers, reply } from '#lib/answers';

type In<E> = ParsedRequestOf<E>;

/** The driver page of a token on the site's own domain. */
export const driverPageUrl = (scope: OpsScope, token: string): string => appLink(scope.site, `/dmc/driver/${token}`);

/** What the trail keeps of a link: when it was made and until when (never the token or its hash). */
const trailOf = (r: DriverTokenRecord | null): AuditRecord | null =>
  r && { createdAt: r.createdAt, expiresAt: r.expiresAt };

async function knownDriver(scope: OpsScope, driverId: string): Promise<void> {
  if (!(await getDriver(siteOf(scope), driverId))) throw fail.notFound(OPS_TEXT.unknownDriver);
}

export async function generateLink(scope: StaffScope, input: In<typeof api.generateDriverAccessToken>) {
  await knownDriver(scope, input.driverId);
  const siteId = siteOf(scope);
  const seen = await liveTokenOf(siteId, input.driverId);
  const token = newToken();
  const createdAt = scope.now.toISOString();
  const record: DriverTokenRecord = {
    hash: sha256(token),
    driverId: input.driverId,
    createdAt,
    expiresAt: driverTokenExpiry(createdAt, input.days),
    revokedAt: null,
  };
  const audit = auditPut(
    siteId,
    {
      entity: 'driverToken',
      id: input.driverId,
      action: seen ? 'update' : 'create',
      before: trailOf(seen),
      after: trailOf(record),
    },
    auditActor(scope.principal),
    scope.now,
  );
  if (!(await replaceToken(siteId, record, seen, [audit]))) throw fail.conflict(DMC_OPS_MSG.linkChangedMeanwhile);
  return {
    driverId: input.driverId,
    driverAccessToken: token,
    url: driverPageUrl(scope, token),
    expiresAt: record.expiresAt,
  };
}

export async function revokeLink(scope: StaffScope, input: In<typeof api.revokeDriverAccessToken>) {
  await knownDriver(scope, input.driverId);
  const siteId = siteOf(scope);
  const seen = await liveTokenOf(siteId, input.driverId);
  if (!seen) return { driverId: input.driverId, revoked: false };
  const audit = auditPut(
    siteId,
    { entity: 'driverToken', id: input.driverId, action: 'delete', before: trailOf(seen), after: null },
    auditActor(scope.principal),
    scope.now,
  );
  if (!(await revokeToken(siteId, seen, [audit]))) throw fail.conflict(DMC_OPS_MSG.linkChangedMeanwhile);
  return { driverId: input.driverId, revoked: true };
}

export async function linkStatus(scope: StaffScope, input: In<typeof api.getDriverAccessToken>) {
  await knownDriver(scope, input.driverId);
  const seen = await liveTokenOf(siteOf(scope), input.driverId);
  const live = seen && driverTokenUsable(seen, scope.now.toISOString()) ? seen : null;
  return {
    driverId: input.driverId,
    link: live && { createdAt: live.createdAt, expiresAt: live.expiresAt },
  };
}

// The kart Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerGenerateDriverAccessToken = answers(api.generateDriverAccessToken, async (input, scope) =>
  reply(await generateLink(scope, input), { message: DMC_OPS_MSG.linkGenerated }),
);
export const answerRevokeDriverAccessToken = answers(api.revokeDriverAccessToken, async (input, scope) =>
  reply(await revokeLink(scope, input), { message: DMC_OPS_MSG.linkRevoked }),
);
export const answerGetDriverAccessToken = answers(api.getDriverAccessToken, (input, scope) => linkStatus(scope, input));
