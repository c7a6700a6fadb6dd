/** Answers other domains need (flights, wallet, users). */
import { type SuppliersDeps, defaultDeps } from './deps.ts';
import type { SiteId } from '#lib/keys';

export { activeSupplierLink } from '../links.ts';

/** Whether TDS is withheld on commission to a legal entity of the site (false until staff say so). */
export async function isTdsDeductable(
  siteId: SiteId,
  legalEntityId: string,
  deps: Pick<SuppliersDeps, 'repo'> = defaultDeps,
): Promise<boolean> {
  return (await deps.repo.getLeRelation(siteId, legalEntityId))?.isTdsDeductable ?? false;
}
