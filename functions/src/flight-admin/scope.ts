import { fail } from '#lib/errors';
import type { Logger } from '#lib/logger';
import type { Principal } from '#lib/principal';
import type { SiteRecord } from '#lib/tenancy';
import { FLIGHT_ADMIN_MSG } from '@tp/contracts/endpoints/flight-admin';

/** Who asks, on which site (staff only: the endpoints' auth rule and permission are checked before). */
export interface AdminScope {
  site: SiteRecord;
  principal: Principal;
  now: Date;
  ip: string;
  log: Logger;
}

/** The accounting export and refund import are test-host tools (spec 000 §2): elsewhere they do not exist. */
export function requireTestHost(scope: Pick<AdminScope, 'site'>): void {
  if (!scope.site.isTestHost) throw fail.notFound(FLIGHT_ADMIN_MSG.notTestHost);
}

/** The scope of a test-host tool, refused (not found) elsewhere. */
export const onTestHost = (scope: AdminScope): AdminScope => (requireTestHost(scope), scope);
