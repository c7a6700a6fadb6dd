/**
 * Every DynamoDB key of the platform is built here and nowhere else. Every key of tenant data begins
 * with `SITE#<siteId>`, so a query built from these functions cannot cross tenants by mistake. The
 * only keys outside a site are the domain → site lookup and the site record itself.
 */
import { MSG } from '@tp/contracts/messages';
import { fail } from './errors.ts';

export interface Key {
  pk: string;
  sk: string;
}

// The contracts keep ids key-safe (packages/contracts/src/fields.ts). A value that still breaks a key
// came from outside them (a `site-id` header, a stored reference): it is the caller's bad input, a 400,
// never a 500 or a DynamoDB error. The caps keep every key well under DynamoDB's 2 KB / 1 KB limits.
const SITE_ID_MAX = 256;
const PART_MAX = 1024;
const invalid = () => fail.validation(MSG.invalidReference);
const site = (siteId: string) => {
  if (typeof siteId !== 'string' || !siteId || siteId.length > SITE_ID_MAX || siteId.includes('#')) throw invalid();
  return `SITE#${siteId}`;
};
const part = (v: string) => {
  if (typeof v !== 'string' || !v || v.length > PART_MAX || v.includes('#')) throw invalid();
  return v;
};
/** A display name as a key part: case-insensitive, and URI-encoded so a `#` in a name cannot forge a key. */
const nameKey = (name: string) => part(encodeURIComponent(name.trim().toLowerCase()));

export const keys = {
  /** Domain → site id (global: domains are unique across the platform). */
  domain: (domain: string): Key => ({ pk: `DOMAIN#${part(domain.toLowerCase())}`, sk: 'DOMAIN' }),
  site: (siteId: string): Key => ({ pk: site(siteId), sk: 'META' }),
  /** Server-only site settings (credentials, limits); never sent to the browser. */
  siteSecrets: (siteId: string): Key => ({ pk: site(siteId), sk: 'SECRETS' }),
  policyPage: (siteId: string, page: string): Key => ({ pk: site(siteId), sk: `POLICY#${part(page)}` }),

  user: (siteId: string, userId: string): Key => ({ pk: `${site(siteId)}#USER#${part(userId)}`, sk: 'PROFILE' }),
  /** Users of a site newest first (gsi1). */
  usersIndex: (siteId: string, createdAt: string, userId: string) => ({
    gsi1pk: `${site(siteId)}#USERS`,
    gsi1sk: `${createdAt}#${part(userId)}`,
  }),
  usersIndexPk: (siteId: string) => `${site(siteId)}#USERS`,
  /** Uniqueness guards, written in the same transaction as the user. */
  userEmail: (siteId: string, email: string): Key => ({
    pk: `${site(siteId)}#EMAIL#${part(email.toLowerCase())}`,
    sk: 'UNIQUE',
  }),
  userPhone: (siteId: string, countryCode: string, phone: string): Key => ({
    pk: `${site(siteId)}#PHONE#${part(countryCode.toLowerCase())}-${part(phone)}`,
    sk: 'UNIQUE',
  }),
  userSocial: (siteId: string, provider: 'google' | 'facebook', subject: string): Key => ({
    pk: `${site(siteId)}#SOCIAL#${provider}#${part(subject)}`,
    sk: 'UNIQUE',
  }),
  /** A consumer site's partner (link) account on a supplier site: the link, not an email, is its identity. */
  partnerAccount: (supplierSiteId: string, consumerSiteId: string): Key => ({
    pk: `${site(supplierSiteId)}#PARTNER#${part(consumerSiteId)}`,
    sk: 'UNIQUE',
  }),
  legalEntity: (siteId: string, leId: string): Key => ({ pk: `${site(siteId)}#LE#${part(leId)}`, sk: 'META' }),

  /** Sessions are stored under the SHA-256 of the token, never the token itself. */
  session: (siteId: string, tokenHash: string): Key => ({
    pk: `${site(siteId)}#SESSION#${part(tokenHash)}`,
    sk: 'SESSION',
  }),
  /** All sessions of a user (gsi1), so a password change can end them. */
  sessionsOfUserIndex: (siteId: string, userId: string, tokenHash: string) => ({
    gsi1pk: `${site(siteId)}#USER#${part(userId)}#SESSIONS`,
    gsi1sk: part(tokenHash),
  }),
  sessionsOfUserPk: (siteId: string, userId: string) => `${site(siteId)}#USER#${part(userId)}#SESSIONS`,
  /** One-time links (password, email verification, session hand-off), by token hash. */
  oneTimeToken: (siteId: string, purpose: 'reset' | 'verify' | 'handoff', tokenHash: string): Key => ({
    pk: `${site(siteId)}#TOKEN#${purpose}#${part(tokenHash)}`,
    sk: 'TOKEN',
  }),
  /** Fixed-window rate limit counter. */
  rateLimit: (siteId: string, scope: string, window: string): Key => ({
    pk: `${site(siteId)}#RATE#${part(scope)}`,
    sk: part(window),
  }),
  /** RBAC permission group (granted permission keys) and its members (gsi1, by group). */
  rbacGroup: (siteId: string, groupId: string): Key => ({ pk: `${site(siteId)}#RBAC#${part(groupId)}`, sk: 'GROUP' }),
  rbacGroupsPk: (siteId: string) => `${site(siteId)}#RBACGROUPS`,
  rbacGroupsIndex: (siteId: string, groupName: string, groupId: string) => ({
    gsi1pk: `${site(siteId)}#RBACGROUPS`,
    gsi1sk: `${groupName.toLowerCase()}#${part(groupId)}`,
  }),
  /** Unique RBAC group name per site (case-insensitive). */
  rbacGroupName: (siteId: string, groupName: string): Key => ({
    pk: `${site(siteId)}#RBACNAME#${nameKey(groupName)}`,
    sk: 'UNIQUE',
  }),
  /** Membership of a staff user in an RBAC group, under the group's partition (users by group). */
  rbacMember: (siteId: string, groupId: string, userId: string): Key => ({
    pk: `${site(siteId)}#RBAC#${part(groupId)}`,
    sk: `MEMBER#${part(userId)}`,
  }),
  rbacMemberPrefix: 'MEMBER#',

  /** Per-site user counters: users in total (customer list) and the last customer number handed out. */
  userCounter: (siteId: string): Key => ({ pk: `${site(siteId)}#COUNTER`, sk: 'USERS' }),
  /** Customer number (the staff screens' numeric customerId / users_id) → user id. */
  customerNo: (siteId: string, customerNo: number): Key => {
    if (!Number.isSafeInteger(customerNo) || customerNo < 1) throw invalid();
    return { pk: `${site(siteId)}#CUSTOMERNO#${customerNo}`, sk: 'USER' };
  },
  /** Prefix-search tokens of users (email, names, company, phones): sk `<token>#<userId>`. */
  userSearchPk: (siteId: string) => `${site(siteId)}#USERSEARCH`,
  userSearchToken: (siteId: string, token: string, userId: string): Key => ({
    pk: `${site(siteId)}#USERSEARCH`,
    sk: `${part(token)}#${part(userId)}`,
  }),
  /** Users who accept marketing mail, newest first (sparse gsi2 on the user item). */
  emailSubscribersIndex: (siteId: string, createdAt: string, userId: string) => ({
    gsi2pk: `${site(siteId)}#SUBSCRIBERS`,
    gsi2sk: `${createdAt}#${part(userId)}`,
  }),
  emailSubscribersPk: (siteId: string) => `${site(siteId)}#SUBSCRIBERS`,
  /** A user's look / book counters for one month (`YYYY-MM`), for look-to-book limits. */
  flightActivity: (siteId: string, userId: string, month: string): Key => ({
    pk: `${site(siteId)}#USER#${part(userId)}#L2B`,
    sk: part(month),
  }),
  flightActivityPk: (siteId: string, userId: string) => `${site(siteId)}#USER#${part(userId)}#L2B`,
  /** The users of a legal entity, under the legal entity's partition. */
  legalEntityMember: (siteId: string, leId: string, userId: string): Key => ({
    pk: `${site(siteId)}#LE#${part(leId)}`,
    sk: `USER#${part(userId)}`,
  }),
  legalEntityPk: (siteId: string, leId: string) => `${site(siteId)}#LE#${part(leId)}`,
  legalEntityMemberPrefix: 'USER#',
  /** Customer group (LE group) of the site owner; listed by name (gsi1). */
  leGroup: (siteId: string, groupId: string): Key => ({ pk: `${site(siteId)}#LEGROUP#${part(groupId)}`, sk: 'GROUP' }),
  leGroupsIndex: (siteId: string, groupName: string, groupId: string) => ({
    gsi1pk: `${site(siteId)}#LEGROUPS`,
    gsi1sk: `${nameKey(groupName)}#${part(groupId)}`,
  }),
  leGroupsPk: (siteId: string) => `${site(siteId)}#LEGROUPS`,
  /** Unique customer-group name per site (case-insensitive). */
  leGroupName: (siteId: string, groupName: string): Key => ({
    pk: `${site(siteId)}#LEGROUPNAME#${nameKey(groupName)}`,
    sk: 'UNIQUE',
  }),
  /**
   * The site owner's relation to a customer's or API consumer's legal entity: its customer group and
   * relation config. Lives in the owner's site even when the legal entity belongs to a consumer site.
   */
  leRelation: (siteId: string, leId: string): Key => ({ pk: `${site(siteId)}#LE#${part(leId)}`, sk: 'RELATION' }),
  /** Legal entities mapped to a customer group (gsi1 on the relation item). */
  leGroupMembersIndex: (siteId: string, groupId: string, leId: string) => ({
    gsi1pk: `${site(siteId)}#LEGROUP#${part(groupId)}#LES`,
    gsi1sk: part(leId),
  }),
  leGroupMembersPk: (siteId: string, groupId: string) => `${site(siteId)}#LEGROUP#${part(groupId)}#LES`,
  pushSubscription: (siteId: string, userId: string, endpointHash: string): Key => ({
    pk: `${site(siteId)}#USER#${part(userId)}#PUSH`,
    sk: part(endpointHash),
  }),
  /** Email worker's "already sent" marker, by the hash of the message's idempotency key (TTL-expired). */
  mailSent: (siteId: string, idempotencyKeyHash: string): Key => ({
    pk: `${site(siteId)}#MAIL#${part(idempotencyKeyHash)}`,
    sk: 'SENT',
  }),

  // Supplier relationships (docs/suppliers.md). A link between two sites is stored twice, once under
  // each site's own partition, and both copies are written in one transaction.
  /** A site's supplier offering: its lists (categories) and terms. */
  supplierProfile: (siteId: string): Key => ({ pk: `${site(siteId)}#SUPPLY`, sk: 'PROFILE' }),
  /**
   * The marketplace directory (gsi1): listed supplier profiles of every site. Deliberately global, like
   * the domain lookup: it is what lets a consumer find suppliers, and it indexes public offerings only.
   */
  supplierDirectoryIndex: (siteId: string) => ({ gsi1pk: 'SUPPLIER_DIRECTORY', gsi1sk: part(siteId) }),
  supplierDirectoryPk: () => 'SUPPLIER_DIRECTORY',
  /** The supplier's copy of a link, and the supplier's links by consumer (gsi1). */
  consumerLink: (supplierSiteId: string, consumerSiteId: string, category: string): Key => ({
    pk: `${site(supplierSiteId)}#CONSUMER#${part(consumerSiteId)}#${part(category)}`,
    sk: 'LINK',
  }),
  consumerLinksIndex: (supplierSiteId: string, consumerSiteId: string, category: string) => ({
    gsi1pk: `${site(supplierSiteId)}#CONSUMERS`,
    gsi1sk: `${part(consumerSiteId)}#${part(category)}`,
  }),
  consumerLinksPk: (supplierSiteId: string) => `${site(supplierSiteId)}#CONSUMERS`,
  /** The consumer's copy of the same link, and the consumer's links by supplier (gsi1). */
  supplierLink: (consumerSiteId: string, supplierSiteId: string, category: string): Key => ({
    pk: `${site(consumerSiteId)}#SUPPLIER#${part(supplierSiteId)}#${part(category)}`,
    sk: 'LINK',
  }),
  supplierLinksIndex: (consumerSiteId: string, supplierSiteId: string, category: string) => ({
    gsi1pk: `${site(consumerSiteId)}#SUPPLIERS`,
    gsi1sk: `${part(supplierSiteId)}#${part(category)}`,
  }),
  supplierLinksPk: (consumerSiteId: string) => `${site(consumerSiteId)}#SUPPLIERS`,
  /** API customer requests made to a supplier: newest first (gsi1) and by status (gsi2). */
  apiCustomerRequest: (supplierSiteId: string, requestId: string): Key => ({
    pk: `${site(supplierSiteId)}#APIREQ#${part(requestId)}`,
    sk: 'REQUEST',
  }),
  apiCustomerRequestsIndex: (supplierSiteId: string, generatedAt: string, requestId: string) => ({
    gsi1pk: `${site(supplierSiteId)}#APIREQS`,
    gsi1sk: `${generatedAt}#${part(requestId)}`,
  }),
  apiCustomerRequestsPk: (supplierSiteId: string) => `${site(supplierSiteId)}#APIREQS`,
  apiCustomerRequestsByStatusIndex: (
    supplierSiteId: string,
    status: string,
    generatedAt: string,
    requestId: string,
  ) => ({
    gsi2pk: `${site(supplierSiteId)}#APIREQS#${part(status)}`,
    gsi2sk: `${generatedAt}#${part(requestId)}`,
  }),
  apiCustomerRequestsByStatusPk: (supplierSiteId: string, status: string) =>
    `${site(supplierSiteId)}#APIREQS#${part(status)}`,
  /** A consumer's acceptance of a supplier's terms, and all its acceptances (gsi1). */
  supplierTermsAcceptance: (consumerSiteId: string, supplierSiteId: string): Key => ({
    pk: `${site(consumerSiteId)}#SUPPLIERTERMS#${part(supplierSiteId)}`,
    sk: 'ACCEPTED',
  }),
  supplierTermsAcceptancesIndex: (consumerSiteId: string, supplierSiteId: string) => ({
    gsi1pk: `${site(consumerSiteId)}#SUPPLIERTERMS`,
    gsi1sk: part(supplierSiteId),
  }),
  supplierTermsAcceptancesPk: (consumerSiteId: string) => `${site(consumerSiteId)}#SUPPLIERTERMS`,

  // Flights (functions/src/flights). Searches and quotes expire with the supplier's trace (TTL).
  flightSearch: (siteId: string, searchId: string): Key => ({
    pk: `${site(siteId)}#FSEARCH#${part(searchId)}`,
    sk: 'SEARCH',
  }),
  flightQuote: (siteId: string, searchId: string, resultIndex: string): Key => ({
    pk: `${site(siteId)}#FSEARCH#${part(searchId)}`,
    sk: `QUOTE#${part(resultIndex)}`,
  }),
  /** Payment order; a user's orders newest first (gsi1), the site's (gsi2). */
  paymentOrder: (siteId: string, orderId: string): Key => ({
    pk: `${site(siteId)}#ORDER#${part(orderId)}`,
    sk: 'ORDER',
  }),
  ordersOfUserIndex: (siteId: string, userId: string, createdAt: string, orderId: string) => ({
    gsi1pk: `${site(siteId)}#USER#${part(userId)}#ORDERS`,
    gsi1sk: `${createdAt}#${part(orderId)}`,
  }),
  ordersOfUserPk: (siteId: string, userId: string) => `${site(siteId)}#USER#${part(userId)}#ORDERS`,
  ordersIndex: (siteId: string, createdAt: string, orderId: string) => ({
    gsi2pk: `${site(siteId)}#ORDERS`,
    gsi2sk: `${createdAt}#${part(orderId)}`,
  }),
  ordersPk: (siteId: string) => `${site(siteId)}#ORDERS`,
  /** Booking; the site's bookings by booking date (gsi1), a user's (gsi2). */
  booking: (siteId: string, bookingId: string): Key => ({
    pk: `${site(siteId)}#BOOKING#${part(bookingId)}`,
    sk: 'BOOKING',
  }),
  bookingsIndex: (siteId: string, createdAt: string, bookingId: string) => ({
    gsi1pk: `${site(siteId)}#BOOKINGS`,
    gsi1sk: `${createdAt}#${part(bookingId)}`,
  }),
  bookingsPk: (siteId: string) => `${site(siteId)}#BOOKINGS`,
  bookingsOfUserIndex: (siteId: string, userId: string, createdAt: string, bookingId: string) => ({
    gsi2pk: `${site(siteId)}#USER#${part(userId)}#BOOKINGS`,
    gsi2sk: `${createdAt}#${part(bookingId)}`,
  }),
  bookingsOfUserPk: (siteId: string, userId: string) => `${site(siteId)}#USER#${part(userId)}#BOOKINGS`,
  /** PNR → booking id (unique per site). */
  bookingPnr: (siteId: string, pnr: string): Key => ({
    pk: `${site(siteId)}#PNR#${part(pnr.toUpperCase())}`,
    sk: 'BOOKING',
  }),
  /** Held bookings by last ticketing date (hold queue, automatic release). */
  heldBooking: (siteId: string, lastTicketDate: string, bookingId: string): Key => ({
    pk: `${site(siteId)}#HOLDS`,
    sk: `${lastTicketDate}#${part(bookingId)}`,
  }),
  heldBookingsPk: (siteId: string) => `${site(siteId)}#HOLDS`,
  /** Per-site counters handed out atomically (booking numbers). */
  counter: (siteId: string, name: string): Key => ({ pk: `${site(siteId)}#COUNTER`, sk: part(name) }),

  // Wallets (functions/src/wallet): one balance per legal entity, entries keyed by an idempotency id.
  walletBalance: (siteId: string, leId: string): Key => ({ pk: `${site(siteId)}#LE#${part(leId)}`, sk: 'WALLET' }),
  walletEntry: (siteId: string, leId: string, entryId: string): Key => ({
    pk: `${site(siteId)}#LE#${part(leId)}#WALLET`,
    sk: `ENTRY#${part(entryId)}`,
  }),
  /** A legal entity's entries newest first (gsi1), and the site's (gsi2, wallet report). */
  walletEntriesIndex: (siteId: string, leId: string, createdAt: string, entryId: string) => ({
    gsi1pk: `${site(siteId)}#LE#${part(leId)}#WALLETENTRIES`,
    gsi1sk: `${createdAt}#${part(entryId)}`,
  }),
  walletEntriesPk: (siteId: string, leId: string) => `${site(siteId)}#LE#${part(leId)}#WALLETENTRIES`,
  siteWalletEntriesIndex: (siteId: string, createdAt: string, entryId: string) => ({
    gsi2pk: `${site(siteId)}#WALLETENTRIES`,
    gsi2sk: `${createdAt}#${part(entryId)}`,
  }),
  siteWalletEntriesPk: (siteId: string) => `${site(siteId)}#WALLETENTRIES`,
  // Payments (functions/src/wallet/payments.ts): gateway payments and offline transfers a user records.
  /** A payment; its id doubles as the unguessable token of the sandbox gateway page. */
  payment: (siteId: string, paymentId: string): Key => ({
    pk: `${site(siteId)}#PAYMENT#${part(paymentId)}`,
    sk: 'PAYMENT',
  }),
  /** A user's payments newest first (gsi1), the site's (gsi2, gateway transaction report). */
  paymentsOfUserIndex: (siteId: string, userId: string, createdAt: string, paymentId: string) => ({
    gsi1pk: `${site(siteId)}#USER#${part(userId)}#PAYMENTS`,
    gsi1sk: `${createdAt}#${part(paymentId)}`,
  }),
  paymentsOfUserPk: (siteId: string, userId: string) => `${site(siteId)}#USER#${part(userId)}#PAYMENTS`,
  paymentsIndex: (siteId: string, createdAt: string, paymentId: string) => ({
    gsi2pk: `${site(siteId)}#PAYMENTS`,
    gsi2sk: `${createdAt}#${part(paymentId)}`,
  }),
  paymentsPk: (siteId: string) => `${site(siteId)}#PAYMENTS`,
  /** The gateway payments started for one flight order (a user may retry after abandoning one). */
  orderPayment: (siteId: string, orderId: string, paymentId: string): Key => ({
    pk: `${site(siteId)}#ORDERPAYMENTS#${part(orderId)}`,
    sk: part(paymentId),
  }),
  orderPaymentsPk: (siteId: string, orderId: string) => `${site(siteId)}#ORDERPAYMENTS#${part(orderId)}`,
  /** Offline transfers awaiting staff review, oldest first; removed in the review's transaction. */
  pendingOfflinePayment: (siteId: string, createdAt: string, paymentId: string): Key => ({
    pk: `${site(siteId)}#OFFLINEPENDING`,
    sk: `${createdAt}#${part(paymentId)}`,
  }),
  pendingOfflinePaymentsPk: (siteId: string) => `${site(siteId)}#OFFLINEPENDING`,
  /** The site's bank details for offline transfers (public to its users; not a secret). */
  bankDetails: (siteId: string): Key => ({ pk: site(siteId), sk: 'BANKDETAILS' }),
  /** Every wallet balance of a site (gsi1 on the balance item, set by its first credit): balances report. */
  siteWalletsIndex: (siteId: string, leId: string) => ({ gsi1pk: `${site(siteId)}#WALLETS`, gsi1sk: part(leId) }),
  siteWalletsPk: (siteId: string) => `${site(siteId)}#WALLETS`,

  // Flight supply (functions/src/flights/supply): the simulated consolidator's state and the TBO token,
  // under the site whose supply it is (for a supplier chain: the supplier site at its end).
  /** Seats sold on one simulated flight (`<carrier><number>-<origin><destination>`) on one date. */
  simSeats: (siteId: string, date: string, flightKey: string): Key => ({
    pk: `${site(siteId)}#SIMSEATS#${part(date)}`,
    sk: part(flightKey),
  }),
  /** A simulated supplier booking (PNR), by supplier booking id. */
  simBooking: (siteId: string, supplierBookingId: string): Key => ({
    pk: `${site(siteId)}#SIMBOOKING#${part(supplierBookingId)}`,
    sk: 'BOOKING',
  }),
  /** Our booking reference (the payment order id) → the simulated supplier booking made with it. */
  simBookingRef: (siteId: string, reference: string): Key => ({
    pk: `${site(siteId)}#SIMBOOKINGREF#${part(reference)}`,
    sk: 'REF',
  }),
  /** A simulated change request, by change request id. */
  simChangeRequest: (siteId: string, changeRequestId: string): Key => ({
    pk: `${site(siteId)}#SIMCR#${part(changeRequestId)}`,
    sk: 'CR',
  }),
  /** The consolidator token of a site for one calendar day (`YYYY-MM-DD`). */
  tboToken: (siteId: string, day: string): Key => ({ pk: `${site(siteId)}#TBOTOKEN`, sk: part(day) }),

  // Markup rules of customer groups (functions/src/markup/rules-repo.ts). A rule lives under its id; a
  // group's rules are read in one query (gsi1, pricing on every search), a kind's across groups (gsi2).
  markupRule: (siteId: string, markupId: string): Key => ({
    pk: `${site(siteId)}#MARKUP#${part(markupId)}`,
    sk: 'RULE',
  }),
  markupsOfGroupIndex: (siteId: string, groupId: string, kind: string, slot: string) => ({
    gsi1pk: `${site(siteId)}#LEGROUP#${part(groupId)}#MARKUPS`,
    gsi1sk: `${part(kind)}#${part(slot)}`,
  }),
  markupsOfGroupPk: (siteId: string, groupId: string) => `${site(siteId)}#LEGROUP#${part(groupId)}#MARKUPS`,
  markupsOfKindIndex: (siteId: string, kind: string, groupId: string, slot: string) => ({
    gsi2pk: `${site(siteId)}#MARKUPS#${part(kind)}`,
    gsi2sk: `${part(groupId)}#${part(slot)}`,
  }),
  markupsOfKindPk: (siteId: string, kind: string) => `${site(siteId)}#MARKUPS#${part(kind)}`,
  /** One rule per group and slot (the default; an airline; a sector): holds the rule's id. */
  markupSlot: (siteId: string, groupId: string, kind: string, slot: string): Key => ({
    pk: `${site(siteId)}#LEGROUP#${part(groupId)}#MARKUPSLOT#${part(kind)}#${part(slot)}`,
    sk: 'UNIQUE',
  }),
  // Ticket queues (functions/src/tickets/indexes.ts): bookings by travel date, the site's and a user's;
  // projection items rewritten with every save of the booking.
  bookingsByTravel: (siteId: string, travelDate: string, bookingId: string): Key => ({
    pk: `${site(siteId)}#BOOKINGSBYTRAVEL`,
    sk: `${part(travelDate)}#${part(bookingId)}`,
  }),
  bookingsByTravelPk: (siteId: string) => `${site(siteId)}#BOOKINGSBYTRAVEL`,
  userBookingsByTravel: (siteId: string, userId: string, travelDate: string, bookingId: string): Key => ({
    pk: `${site(siteId)}#USER#${part(userId)}#BOOKINGSBYTRAVEL`,
    sk: `${part(travelDate)}#${part(bookingId)}`,
  }),
  userBookingsByTravelPk: (siteId: string, userId: string) => `${site(siteId)}#USER#${part(userId)}#BOOKINGSBYTRAVEL`,
  /** Change request id → booking id (api/getCRStatus is asked by change request id only). */
  changeRequest: (siteId: string, changeRequestId: string): Key => ({
    pk: `${site(siteId)}#CR#${part(changeRequestId)}`,
    sk: 'CR',
  }),
  /**
   * Sites that have ever held a booking, for the scheduled automatic release. Deliberately global, like
   * the supplier directory: the scheduler must find every site's hold queue without a scan; it lists ids only.
   */
  holdSite: (siteId: string): Key => ({ pk: 'HOLD_SITES', sk: part(siteId) }),
  holdSitesPk: () => 'HOLD_SITES',
  // Flight back office (functions/src/flight-admin): deposits staff recorded with a flight supplier,
  // one partition per supplier account, by deposit date; the deposit id (a request id) is unique.
  supplierDeposit: (siteId: string, supplier: string, date: string, depositId: string): Key => ({
    pk: `${site(siteId)}#SUPPLIERDEPOSITS#${part(supplier)}`,
    sk: `${part(date)}#${part(depositId)}`,
  }),
  supplierDepositsPk: (siteId: string, supplier: string) => `${site(siteId)}#SUPPLIERDEPOSITS#${part(supplier)}`,
  supplierDepositId: (siteId: string, depositId: string): Key => ({
    pk: `${site(siteId)}#SUPPLIERDEPOSIT#${part(depositId)}`,
    sk: 'UNIQUE',
  }),
  /** The accounts a site ever recorded deposits for (the wallet list reads it instead of scanning). */
  supplierDepositAccount: (siteId: string, supplier: string): Key => ({
    pk: `${site(siteId)}#SUPPLIERACCOUNTS`,
    sk: part(supplier),
  }),
  supplierDepositAccountsPk: (siteId: string) => `${site(siteId)}#SUPPLIERACCOUNTS`,
  /**
   * Work the reconciler checks at a due time (functions/src/wallet/outbox.ts): paid orders, open gateway
   * payments and unpublished messages, in hour buckets sorted by due time. Global like HOLD_SITES, so one
   * scheduled run finds every site's work without a scan; the items carry ids only (and the message).
   */
  reconcileDue: (dueAt: string, siteId: string, kind: string, id: string): Key => ({
    pk: `RECONCILE#${part(dueAt.slice(0, 13))}`,
    sk: `${part(dueAt)}#${part(siteId)}#${part(kind)}#${part(id)}`,
  }),
  reconcileBucketPk: (hour: string) => `RECONCILE#${part(hour)}`,
  /** The oldest hour bucket that may still hold work (the reconciler's cursor). */
  reconcileCursor: (): Key => ({ pk: 'RECONCILE', sk: 'CURSOR' }),
  /** The open "Ticket now" payment order of a held booking (one at a time; flights/orders.ts). */
  holdTicketOrder: (siteId: string, bookingId: string): Key => ({
    pk: `${site(siteId)}#BOOKING#${part(bookingId)}`,
    sk: 'TICKETORDER',
  }),
};
