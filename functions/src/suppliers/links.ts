/**
 * The supplier link a consumer site may use now, for other domains (flights). Kept apart from the
 * suppliers service so the flights Lambda does not bundle the accounts code that service needs.
 */
import type { SupplierCategory } from '@tp/contracts/endpoints/suppliers';
import { isUsable } from '@tp/domain/supplier-links';
import * as repo from './repo.ts';
import type { SiteId } from '#lib/keys';

export interface ActiveSupplierLink {
  supplierSiteId: SiteId;
  consumerSiteId: SiteId;
  category: SupplierCategory;
  supplierListId: string;
  isFlightHoldAllowed: boolean;
  isFlightSearchAllowed: boolean;
  approvedAt: string;
  /** The consumer's partner account and legal entity on the supplier site: who the supplier bills. */
  consumerAdminUserId: string;
  consumerLegalEntityId: string;
}

/**
 * The supplier links a consumer site may use for a category now: approved by the supplier and not paused
 * by the consumer, read from the consumer's own partition, earliest approved first.
 */
export async function activeSupplierLinks(
  consumerSiteId: SiteId,
  category: SupplierCategory,
  deps: { repo: Pick<typeof repo, 'linksOfConsumer'> } = { repo },
): Promise<ActiveSupplierLink[]> {
  return (await deps.repo.linksOfConsumer(consumerSiteId))
    .filter(
      (l) => l.category === category && isUsable(l) && l.approvedAt && l.consumerAdminUserId && l.consumerLegalEntityId,
    )
    .sort((a, b) => a.approvedAt!.localeCompare(b.approvedAt!))
    .map((l) => ({
      supplierSiteId: l.supplierSiteId,
      consumerSiteId: l.consumerSiteId,
      category: l.category,
      supplierListId: l.supplierListId,
      isFlightHoldAllowed: l.isFlightHoldAllowed,
      isFlightSearchAllowed: l.isFlightSearchAllowed,
      approvedAt: l.approvedAt!,
      consumerAdminUserId: l.consumerAdminUserId!,
      consumerLegalEntityId: l.consumerLegalEntityId!,
    }));
}

/** The one supplier link a consumer site uses for a category (flights): with several, the earliest approved. */
export async function activeSupplierLink(
  consumerSiteId: SiteId,
  category: SupplierCategory,
  deps: { repo: Pick<typeof repo, 'linksOfConsumer'> } = { repo },
): Promise<ActiveSupplierLink | null> {
  return (await activeSupplierLinks(consumerSiteId, category, deps))[0] ?? null;
}
