/** Keys of the users domain: accounts and their uniqueness guards, legal entities, customer search, activity. */
import { invalidKey, part, sitePk, type Key, type SiteId } from '#lib/keys';

/** A legal entity. Other domains name it in their own transactions' conditions (exported through index.ts). */
export const legalEntityKey = (siteId: SiteId, leId: string): Key => ({ pk: sitePk(siteId, 'LE', leId), sk: 'META' });

export const userKeys = {
  /** Users of a site newest first (gsi1). */
  usersIndex: (siteId: SiteId, createdAt: string, userId: string) => ({
    gsi1pk: sitePk(siteId, 'USERS'),
    gsi1sk: `${createdAt}#${part(userId)}`,
  }),
  usersIndexPk: (siteId: SiteId) => sitePk(siteId, 'USERS'),
  /** Uniqueness guards, written in the same transaction as the user. */
  userEmail: (siteId: SiteId, email: string): Key => ({
    pk: sitePk(siteId, 'EMAIL', email.toLowerCase()),
    sk: 'UNIQUE',
  }),
  userPhone: (siteId: SiteId, countryCode: string, phone: string): Key => ({
    pk: sitePk(siteId, 'PHONE', `${part(countryCode.toLowerCase())}-${part(phone)}`),
    sk: 'UNIQUE',
  }),
  userSocial: (siteId: SiteId, provider: 'google' | 'facebook', subject: string): Key => ({
    pk: sitePk(siteId, 'SOCIAL', provider, subject),
    sk: 'UNIQUE',
  }),
  /** A consumer site's partner (link) account on a supplier site: the link, not an email, is its identity. */
  partnerAccount: (supplierSiteId: SiteId, consumerSiteId: SiteId): Key => ({
    pk: sitePk(supplierSiteId, 'PARTNER', consumerSiteId),
    sk: 'UNIQUE',
  }),
  /** A password link asked for an address without an account (forgetPassword), by the address's hash; expires. */
  passwordRequest: (siteId: SiteId, emailHash: string): Key => ({
    pk: sitePk(siteId, 'PWREQ', emailHash),
    sk: 'PWREQ',
  }),
  /** One-time links (email verification, session hand-off) and device cookies, by token hash. */
  oneTimeToken: (siteId: SiteId, purpose: 'verify' | 'handoff' | 'device', tokenHash: string): Key => ({
    pk: sitePk(siteId, 'TOKEN', purpose, tokenHash),
    sk: 'TOKEN',
  }),

  legalEntity: legalEntityKey,
  /** The users of a legal entity, under the legal entity's partition. */
  legalEntityMember: (siteId: SiteId, leId: string, userId: string): Key => ({
    pk: sitePk(siteId, 'LE', leId),
    sk: `USER#${part(userId)}`,
  }),
  legalEntityPk: (siteId: SiteId, leId: string) => sitePk(siteId, 'LE', leId),
  legalEntityMemberPrefix: 'USER#',

  /** Customer number (the staff screens' numeric customerId / users_id) → user id. */
  customerNo: (siteId: SiteId, customerNo: number): Key => {
    if (!Number.isSafeInteger(customerNo) || customerNo < 1) throw invalidKey();
    return { pk: sitePk(siteId, 'CUSTOMERNO', String(customerNo)), sk: 'USER' };
  },
  /** Prefix-search tokens of users (email, names, company, phones): sk `<token>#<userId>`. */
  userSearchPk: (siteId: SiteId) => sitePk(siteId, 'USERSEARCH'),
  userSearchToken: (siteId: SiteId, token: string, userId: string): Key => ({
    pk: sitePk(siteId, 'USERSEARCH'),
    sk: `${part(token)}#${part(userId)}`,
  }),
  /** Users who accept marketing mail, newest first (sparse gsi2 on the user item). */
  emailSubscribersIndex: (siteId: SiteId, createdAt: string, userId: string) => ({
    gsi2pk: sitePk(siteId, 'SUBSCRIBERS'),
    gsi2sk: `${createdAt}#${part(userId)}`,
  }),
  emailSubscribersPk: (siteId: SiteId) => sitePk(siteId, 'SUBSCRIBERS'),
  /** A user's look / book counters for one month (`YYYY-MM`), for look-to-book limits. */
  flightActivity: (siteId: SiteId, userId: string, month: string): Key => ({
    pk: sitePk(siteId, 'USER', userId, 'L2B'),
    sk: part(month),
  }),
  flightActivityPk: (siteId: SiteId, userId: string) => sitePk(siteId, 'USER', userId, 'L2B'),
  /** A customer's PAN or GSTIN under staff review, one item per document (`PAN`, `GST`). */
  taxId: (siteId: SiteId, userId: string, document: 'pan' | 'gst'): Key => ({
    pk: sitePk(siteId, 'USER', userId, 'TAXID'),
    sk: document.toUpperCase(),
  }),
  taxIdPk: (siteId: SiteId, userId: string) => sitePk(siteId, 'USER', userId, 'TAXID'),
  /** The review list of one state, newest submission first (gsi1 on the tax-id item). */
  taxIdIndex: (siteId: SiteId, status: string, submittedAt: string, userId: string, document: 'pan' | 'gst') => ({
    gsi1pk: sitePk(siteId, 'TAXIDS', status),
    gsi1sk: `${submittedAt}#${part(userId)}#${document.toUpperCase()}`,
  }),
  taxIdIndexPk: (siteId: SiteId, status: string) => sitePk(siteId, 'TAXIDS', status),

  /** A site's staff users, oldest first (one item per staff user, written with the user; the staff screen's list). */
  staffPk: (siteId: SiteId) => sitePk(siteId, 'STAFF'),
  staffMember: (siteId: SiteId, createdAt: string, userId: string): Key => ({
    pk: sitePk(siteId, 'STAFF'),
    sk: `${createdAt}#${part(userId)}`,
  }),
};
