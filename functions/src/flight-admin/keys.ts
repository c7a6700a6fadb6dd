/**
 * Keys of the flight back office: deposits staff recorded with a flight supplier, one partition per
 * supplier account, by deposit date; the deposit id (a request id) is unique.
 */
import { part, sitePk, type Key, type SiteId } from '#lib/keys';

export const flightAdminKeys = {
  supplierDeposit: (siteId: SiteId, supplier: string, date: string, depositId: string): Key => ({
    pk: sitePk(siteId, 'SUPPLIERDEPOSITS', supplier),
    sk: `${part(date)}#${part(depositId)}`,
  }),
  supplierDepositsPk: (siteId: SiteId, supplier: string) => sitePk(siteId, 'SUPPLIERDEPOSITS', supplier),
  supplierDepositId: (siteId: SiteId, depositId: string): Key => ({
    pk: sitePk(siteId, 'SUPPLIERDEPOSIT', depositId),
    sk: 'UNIQUE',
  }),
  /** The accounts a site ever recorded deposits for (the wallet list reads it instead of scanning). */
  supplierDepositAccount: (siteId: SiteId, supplier: string): Key => ({
    pk: sitePk(siteId, 'SUPPLIERACCOUNTS'),
    sk: part(supplier),
  }),
  supplierDepositAccountsPk: (siteId: SiteId) => sitePk(siteId, 'SUPPLIERACCOUNTS'),
};
