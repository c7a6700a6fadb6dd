/**
 * Keys of the wallet domain: one balance per legal entity and entries keyed by an idempotency id, gateway
 * payments and offline transfers, and the reconciler's due items.
 */
import { part, sitePk, type Key, type SiteId } from '#lib/keys';

export const walletKeys = {
  walletBalance: (siteId: SiteId, leId: string): Key => ({ pk: sitePk(siteId, 'LE', leId), sk: 'WALLET' }),
  walletEntry: (siteId: SiteId, leId: string, entryId: string): Key => ({
    pk: sitePk(siteId, 'LE', leId, 'WALLET'),
    sk: `ENTRY#${part(entryId)}`,
  }),
  /** A legal entity's entries newest first (gsi1), and the site's (gsi2, wallet report). */
  walletEntriesIndex: (siteId: SiteId, leId: string, createdAt: string, entryId: string) => ({
    gsi1pk: sitePk(siteId, 'LE', leId, 'WALLETENTRIES'),
    gsi1sk: `${createdAt}#${part(entryId)}`,
  }),
  walletEntriesPk: (siteId: SiteId, leId: string) => sitePk(siteId, 'LE', leId, 'WALLETENTRIES'),
  siteWalletEntriesIndex: (siteId: SiteId, createdAt: string, entryId: string) => ({
    gsi2pk: sitePk(siteId, 'WALLETENTRIES'),
    gsi2sk: `${createdAt}#${part(entryId)}`,
  }),
  siteWalletEntriesPk: (siteId: SiteId) => sitePk(siteId, 'WALLETENTRIES'),
  /** Every wallet balance of a site (gsi1 on the balance item, set by its first credit): balances report. */
  siteWalletsIndex: (siteId: SiteId, leId: string) => ({ gsi1pk: sitePk(siteId, 'WALLETS'), gsi1sk: part(leId) }),
  siteWalletsPk: (siteId: SiteId) => sitePk(siteId, 'WALLETS'),
  /**
   * A draw on a credit line (docs/credit-lines.md), sorted by the end of its range of the running credit total
   * (paise, zero-padded): the oldest unpaid draw is the first above the repaid total, one query of one item.
   */
  creditDraw: (siteId: SiteId, leId: string, end: number): Key => ({
    pk: sitePk(siteId, 'LE', leId, 'CREDITDRAWS'),
    sk: `DRAW#${String(end).padStart(15, '0')}`,
  }),
  creditDrawsPk: (siteId: SiteId, leId: string) => sitePk(siteId, 'LE', leId, 'CREDITDRAWS'),
  /** Every site's draws by due day (gsi2), for the due-date reminder worker; global like RECONCILE. */
  creditDueIndex: (dueDay: string, siteId: SiteId, leId: string, end: number) => ({
    gsi2pk: `CREDITDUE#${part(dueDay)}`,
    gsi2sk: `${part(siteId)}#${part(leId)}#${String(end).padStart(15, '0')}`,
  }),
  creditDuePk: (dueDay: string) => `CREDITDUE#${part(dueDay)}`,

  /** A payment; its id doubles as the unguessable token of the sandbox gateway page. */
  payment: (siteId: SiteId, paymentId: string): Key => ({ pk: sitePk(siteId, 'PAYMENT', paymentId), sk: 'PAYMENT' }),
  /** A user's payments newest first (gsi1), the site's (gsi2, gateway transaction report). */
  paymentsOfUserIndex: (siteId: SiteId, userId: string, createdAt: string, paymentId: string) => ({
    gsi1pk: sitePk(siteId, 'USER', userId, 'PAYMENTS'),
    gsi1sk: `${createdAt}#${part(paymentId)}`,
  }),
  paymentsOfUserPk: (siteId: SiteId, userId: string) => sitePk(siteId, 'USER', userId, 'PAYMENTS'),
  paymentsIndex: (siteId: SiteId, createdAt: string, paymentId: string) => ({
    gsi2pk: sitePk(siteId, 'PAYMENTS'),
    gsi2sk: `${createdAt}#${part(paymentId)}`,
  }),
  paymentsPk: (siteId: SiteId) => sitePk(siteId, 'PAYMENTS'),
  /** The gateway payments started for one flight order (a user may retry after abandoning one). */
  orderPayment: (siteId: SiteId, orderId: string, paymentId: string): Key => ({
    pk: sitePk(siteId, 'ORDERPAYMENTS', orderId),
    sk: part(paymentId),
  }),
  orderPaymentsPk: (siteId: SiteId, orderId: string) => sitePk(siteId, 'ORDERPAYMENTS', orderId),
  /** A refund sent back through a payment's gateway (wallet/refunds.ts); its id is the gateway's merchant refund id. */
  gatewayRefund: (siteId: SiteId, refundId: string): Key => ({
    pk: sitePk(siteId, 'GREFUND', refundId),
    sk: 'GREFUND',
  }),
  /** Offline transfers awaiting staff review, oldest first; removed in the review's transaction. */
  pendingOfflinePayment: (siteId: SiteId, createdAt: string, paymentId: string): Key => ({
    pk: sitePk(siteId, 'OFFLINEPENDING'),
    sk: `${createdAt}#${part(paymentId)}`,
  }),
  pendingOfflinePaymentsPk: (siteId: SiteId) => sitePk(siteId, 'OFFLINEPENDING'),
  /** The site's bank details for offline transfers (public to its users; not a secret). */
  bankDetails: (siteId: SiteId): Key => ({ pk: sitePk(siteId), sk: 'BANKDETAILS' }),

  /**
   * Work the reconciler checks at a due time (wallet/outbox.ts): paid orders, open gateway payments and
   * unpublished messages, in hour buckets sorted by due time. Global like HOLD_SITES, so one scheduled
   * run finds every site's work without a scan; the items carry ids only (and the message).
   */
  reconcileDue: (dueAt: string, siteId: SiteId, kind: string, id: string): Key => ({
    pk: `RECONCILE#${part(dueAt.slice(0, 13))}`,
    sk: `${part(dueAt)}#${part(siteId)}#${part(kind)}#${part(id)}`,
  }),
  reconcileBucketPk: (hour: string) => `RECONCILE#${part(hour)}`,
  /** The oldest hour bucket that may still hold work (the reconciler's cursor). */
  reconcileCursor: (): Key => ({ pk: 'RECONCILE', sk: 'CURSOR' }),
};
