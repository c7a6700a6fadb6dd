/**
 * Keys of supplier relationships (docs/suppliers.md). A link between two sites is stored twice, once
 * under each site's own partition, and both copies are written in one transaction.
 */
import { part, sitePk, type Key, type SiteId } from '#lib/keys';

export const supplierKeys = {
  /** A site's supplier offering: its lists (categories) and terms. */
  supplierProfile: (siteId: SiteId): Key => ({ pk: sitePk(siteId, 'SUPPLY'), sk: 'PROFILE' }),
  /**
   * The marketplace directory (gsi1): listed supplier profiles of every site. Deliberately global, like
   * the domain lookup: it is what lets a consumer find suppliers, and it indexes public offerings only.
   */
  supplierDirectoryIndex: (siteId: SiteId) => ({ gsi1pk: 'SUPPLIER_DIRECTORY', gsi1sk: part(siteId) }),
  supplierDirectoryPk: () => 'SUPPLIER_DIRECTORY',
  /** The supplier's copy of a link, and the supplier's links by consumer (gsi1). */
  consumerLink: (supplierSiteId: SiteId, consumerSiteId: SiteId, category: string): Key => ({
    pk: sitePk(supplierSiteId, 'CONSUMER', consumerSiteId, category),
    sk: 'LINK',
  }),
  consumerLinksIndex: (supplierSiteId: SiteId, consumerSiteId: SiteId, category: string) => ({
    gsi1pk: sitePk(supplierSiteId, 'CONSUMERS'),
    gsi1sk: `${part(consumerSiteId)}#${part(category)}`,
  }),
  consumerLinksPk: (supplierSiteId: SiteId) => sitePk(supplierSiteId, 'CONSUMERS'),
  /** The consumer's copy of the same link, and the consumer's links by supplier (gsi1). */
  supplierLink: (consumerSiteId: SiteId, supplierSiteId: SiteId, category: string): Key => ({
    pk: sitePk(consumerSiteId, 'SUPPLIER', supplierSiteId, category),
    sk: 'LINK',
  }),
  supplierLinksIndex: (consumerSiteId: SiteId, supplierSiteId: SiteId, category: string) => ({
    gsi1pk: sitePk(consumerSiteId, 'SUPPLIERS'),
    gsi1sk: `${part(supplierSiteId)}#${part(category)}`,
  }),
  supplierLinksPk: (consumerSiteId: SiteId) => sitePk(consumerSiteId, 'SUPPLIERS'),
  /** API customer requests made to a supplier: newest first (gsi1) and by status (gsi2). */
  apiCustomerRequest: (supplierSiteId: SiteId, requestId: string): Key => ({
    pk: sitePk(supplierSiteId, 'APIREQ', requestId),
    sk: 'REQUEST',
  }),
  apiCustomerRequestsIndex: (supplierSiteId: SiteId, generatedAt: string, requestId: string) => ({
    gsi1pk: sitePk(supplierSiteId, 'APIREQS'),
    gsi1sk: `${generatedAt}#${part(requestId)}`,
  }),
  apiCustomerRequestsPk: (supplierSiteId: SiteId) => sitePk(supplierSiteId, 'APIREQS'),
  apiCustomerRequestsByStatusIndex: (
    supplierSiteId: SiteId,
    status: string,
    generatedAt: string,
    requestId: string,
  ) => ({
    gsi2pk: sitePk(supplierSiteId, 'APIREQS', status),
    gsi2sk: `${generatedAt}#${part(requestId)}`,
  }),
  apiCustomerRequestsByStatusPk: (supplierSiteId: SiteId, status: string) => sitePk(supplierSiteId, 'APIREQS', status),
  /** A consumer's acceptance of a supplier's terms, and all its acceptances (gsi1). */
  supplierTermsAcceptance: (consumerSiteId: SiteId, supplierSiteId: SiteId): Key => ({
    pk: sitePk(consumerSiteId, 'SUPPLIERTERMS', supplierSiteId),
    sk: 'ACCEPTED',
  }),
  supplierTermsAcceptancesIndex: (consumerSiteId: SiteId, supplierSiteId: SiteId) => ({
    gsi1pk: sitePk(consumerSiteId, 'SUPPLIERTERMS'),
    gsi1sk: part(supplierSiteId),
  }),
  supplierTermsAcceptancesPk: (consumerSiteId: SiteId) => sitePk(consumerSiteId, 'SUPPLIERTERMS'),
};
