/**
 * Supplier relationships between sites (docs/suppliers.md). A supplier site sells its lists (one per
 * category) to consumer sites; a consumer asks, the supplier decides, suspends or reinstates, and the
 * consumer may pause its own use. Side effects come in as `deps` so unit tests pass plain fakes.
 */
import type { TSiteDetails } from '@tp/contracts/site';
import { phoneFromInternational } from '@tp/domain/phone';
import {
  SUPPLIER_CATEGORIES,
  SUPPLIER_MSG,
  SUPPLIER_PAGE_SIZE,
  type SupplierCategory,
  type TApiConsumer,
  type TApiCustomerRequest,
  type TSupplierProfile,
} from '@tp/contracts/suppliers';
import {
  canTransition,
  isDecision,
  isEstablished,
  type LinkStatus,
  type MappingStatus,
} from '@tp/domain/supplier-links';
import { newId } from '#lib/crypto';
import { fail, type AppError } from '#lib/errors';
import { appLink } from '#lib/mail';
import type { Principal } from '#lib/principal';
import { siteByDomain, siteById, type SiteRecord } from '#lib/tenancy';
import { legalEntityGroup } from '../markup/service.ts';
import { getUser } from '../users/repo.ts';
import { createAccount, createHandoffToken } from '../users/service.ts';
import * as repo from './repo.ts';
import type { Decider, LinkRecord, RequestRecord, RequestStatus, SiteSnapshot, SupplierProfileRecord } from './repo.ts';

export interface SuppliersDeps {
  repo: typeof repo;
  siteById: (siteId: string) => Promise<SiteRecord | null>;
  siteByDomain: (domain: string) => Promise<SiteRecord | null>;
  /** The users domain: read people, find or open the partner account, hand a session over. */
  users: {
    getUser: typeof getUser;
    createPartnerAccount: (
      site: SiteRecord,
      consumerSiteId: string,
      consumer: SiteSnapshot,
      now: Date,
    ) => Promise<PartnerAccount>;
    createHandoffToken: (siteId: string, userId: string, now: Date) => Promise<string>;
  };
  /** The customer group mapped to a legal entity of the site (the groups work owns groups); null = default. */
  mappedGroup: (site: SiteRecord, legalEntityId: string) => Promise<{ groupId: string; groupName: string } | null>;
  newId: () => string;
}

export const defaultDeps: SuppliersDeps = {
  repo,
  siteById: (id) => siteById(id),
  siteByDomain: (domain) => siteByDomain(domain),
  users: {
    getUser,
    // A B2B account: the consumer buys from the supplier like an agency, under its own legal entity.
    // Bound to the link (partnerOfSiteId): no password and no email guard, so it is entered through
    // jump login only. Its primary phone is the consumer's admin contact when that is a valid number
    // not already used on the supplier site (phones are unique per site), so the sign-in does not stop
    // at the phone-verification dialog.
    createPartnerAccount: async (site, consumerSiteId, consumer, now) => {
      const phone = phoneFromInternational(consumer.adminContact);
      const create = (withPhone: boolean) =>
        createAccount(
          { site, now },
          {
            userType: 'travelAgent',
            email: consumer.adminEmail,
            firstName: consumer.companyName,
            lastName: '',
            companyName: consumer.companyName,
            phoneNumbers: withPhone && phone ? [{ label: 'Primary', ...phone }] : [],
            status: 'verified',
            partnerOfSiteId: consumerSiteId,
          },
        );
      const user = await create(true).catch((err: unknown) => {
        if (phone && (err as AppError).fields?.phone) return create(false);
        throw err;
      });
      return { userId: user.userId, legalEntityId: user.legalEntityId };
    },
    createHandoffToken: (siteId, userId, now) => createHandoffToken(siteId, userId, now),
  },
  mappedGroup: async (site, legalEntityId) => {
    const group = await legalEntityGroup(site, legalEntityId);
    return group?.isMapped ? { groupId: group.groupId, groupName: group.groupName } : null;
  },
  newId,
};

/** A consumer's partner account on a supplier site and the legal entity the supplier bills. */
export interface PartnerAccount {
  userId: string;
  legalEntityId: string;
}

/** The calling site and the request's clock. */
export interface Scope {
  site: SiteRecord;
  now: Date;
}

const actorRef = (p: Principal) => ({ userId: p.userId, email: p.email });

function snapshot(
  site: Pick<TSiteDetails, 'companyName' | 'domain' | 'logoUrl' | 'adminEmail' | 'adminContact'>,
): SiteSnapshot {
  return {
    companyName: site.companyName,
    domain: site.domain,
    logoUrl: site.logoUrl,
    adminEmail: site.adminEmail.toLowerCase(),
    adminContact: site.adminContact,
  };
}

function pageOf<T>(rows: T[], page: number) {
  const totalPages = Math.ceil(rows.length / SUPPLIER_PAGE_SIZE);
  return {
    records: rows.slice((page - 1) * SUPPLIER_PAGE_SIZE, page * SUPPLIER_PAGE_SIZE),
    totalRecords: rows.length,
    totalPages,
    page,
  };
}

export const categories = (): SupplierCategory[] => [...SUPPLIER_CATEGORIES];

// ---------------------------------------------------------------------------------------------------
// The site's own offering

function toProfile(siteId: string, p: SupplierProfileRecord | null): TSupplierProfile {
  return {
    supplierId: siteId,
    isSupplier: Boolean(p && p.lists.length),
    isListed: Boolean(p?.isListed),
    lists: p?.lists ?? [],
    termsVersion: p?.termsVersion ?? 0,
    termsAndConditions: p?.termsAndConditions ?? '',
    updatedAt: p?.updatedAt ?? null,
  };
}

export async function ownProfile(scope: Scope, deps: SuppliersDeps = defaultDeps): Promise<TSupplierProfile> {
  return toProfile(scope.site.siteId, await deps.repo.getProfile(scope.site.siteId));
}

/**
 * Opts the site in as a supplier of `categories`. A list keeps its id while its category stays offered;
 * a category cannot be withdrawn while consumers hold or await it. New terms text is a new version,
 * which consumers accept before their next request (existing links are not affected).
 */
export async function saveProfile(
  scope: Scope,
  input: { categories: SupplierCategory[]; termsAndConditions: string; isListed: boolean },
  deps: SuppliersDeps = defaultDeps,
): Promise<TSupplierProfile> {
  const { site, now } = scope;
  const before = await deps.repo.getProfile(site.siteId);
  const wanted = [...new Set(input.categories)];
  const withdrawn = (before?.lists ?? []).filter((l) => !wanted.includes(l.category));
  if (withdrawn.length) {
    const live = (await deps.repo.linksOfSupplier(site.siteId)).filter((l) => l.status !== 'Rejected');
    if (live.some((l) => withdrawn.some((w) => w.supplierListId === l.supplierListId)))
      throw fail.conflict(SUPPLIER_MSG.categoryInUse, { categories: SUPPLIER_MSG.categoryInUse });
  }
  const lists = wanted.map(
    (category) => before?.lists.find((l) => l.category === category) ?? { supplierListId: deps.newId(), category },
  );
  const termsChanged = before?.termsAndConditions !== input.termsAndConditions;
  const profile: SupplierProfileRecord = {
    siteId: site.siteId,
    lists,
    isListed: input.isListed,
    termsVersion: (before?.termsVersion ?? 0) + (termsChanged ? 1 : 0),
    termsAndConditions: input.termsAndConditions,
    updatedAt: now.toISOString(),
  };
  await deps.repo.putProfile(profile);
  return toProfile(site.siteId, profile);
}

// ---------------------------------------------------------------------------------------------------
// Consumer side

interface Supplier {
  site: SiteRecord;
  profile: SupplierProfileRecord;
}

/** Another site that sells something; the caller can never be its own supplier. */
async function supplierFor(scope: Scope, supplierId: string, deps: SuppliersDeps): Promise<Supplier> {
  if (supplierId === scope.site.siteId)
    throw fail.validation(SUPPLIER_MSG.ownSite, { supplierId: SUPPLIER_MSG.ownSite });
  const [site, profile] = await Promise.all([deps.siteById(supplierId), deps.repo.getProfile(supplierId)]);
  if (!site || !profile?.lists.length) throw fail.notFound(SUPPLIER_MSG.notSupplier);
  return { site, profile };
}

function details(s: Supplier, acceptance: repo.TermsAcceptanceRecord | null) {
  return {
    supplierId: s.site.siteId,
    ...snapshot(s.site),
    termsVersion: s.profile.termsVersion,
    acceptedTermsVersion: acceptance?.version ?? null,
    termsAcceptedAt: acceptance?.acceptedAt ?? null,
  };
}

export async function supplierDetails(scope: Scope, supplierId: string, deps: SuppliersDeps = defaultDeps) {
  const s = await supplierFor(scope, supplierId, deps);
  return { ...details(s, await deps.repo.getAcceptance(scope.site.siteId, supplierId)), lists: s.profile.lists };
}

function terms(s: Supplier, acceptance: repo.TermsAcceptanceRecord | null) {
  return {
    supplierId: s.site.siteId,
    version: s.profile.termsVersion,
    termsAndConditions: s.profile.termsAndConditions,
    updatedAt: s.profile.updatedAt,
    acceptedTermsVersion: acceptance?.version ?? null,
    termsAcceptedAt: acceptance?.acceptedAt ?? null,
  };
}

export async function supplierTerms(scope: Scope, supplierId: string, deps: SuppliersDeps = defaultDeps) {
  const s = await supplierFor(scope, supplierId, deps);
  return terms(s, await deps.repo.getAcceptance(scope.site.siteId, supplierId));
}

/** Records acceptance of the version the consumer read; a stale version means the text changed meanwhile. */
export async function acceptTerms(
  scope: Scope,
  actor: Principal,
  input: { supplierId: string; version: number },
  deps: SuppliersDeps = defaultDeps,
) {
  const s = await supplierFor(scope, input.supplierId, deps);
  if (input.version !== s.profile.termsVersion)
    throw fail.conflict(SUPPLIER_MSG.termsChanged, { version: SUPPLIER_MSG.termsChanged });
  const acceptance = {
    consumerSiteId: scope.site.siteId,
    supplierSiteId: s.site.siteId,
    version: s.profile.termsVersion,
    acceptedAt: scope.now.toISOString(),
    acceptedBy: actorRef(actor),
  };
  await deps.repo.putAcceptance(acceptance);
  return terms(s, acceptance);
}

/** Listed suppliers (not the caller) with the caller's status per category, read from its own partition. */
export async function visibleSuppliers(scope: Scope, domainName: string, deps: SuppliersDeps = defaultDeps) {
  const { site } = scope;
  if ((await deps.siteByDomain(domainName))?.siteId !== site.siteId) throw fail.forbidden(SUPPLIER_MSG.domainMismatch);
  const [directory, links, acceptances] = await Promise.all([
    deps.repo.listDirectory(),
    deps.repo.linksOfConsumer(site.siteId),
    deps.repo.listAcceptances(site.siteId),
  ]);
  const suppliers = await Promise.all(
    directory
      .filter((p) => p.siteId !== site.siteId && p.lists.length)
      .map(async (profile) => ({ profile, site: await deps.siteById(profile.siteId) })),
  );
  return suppliers
    .filter((s): s is Supplier => s.site !== null)
    .sort((a, b) => a.site.companyName.localeCompare(b.site.companyName))
    .map((s) => ({
      ...details(s, acceptances.find((a) => a.supplierSiteId === s.site.siteId) ?? null),
      categories: s.profile.lists.map((list) => {
        const link = links.find((l) => l.supplierSiteId === s.site.siteId && l.category === list.category);
        return { ...list, requestStatus: link?.status ?? null, mappingStatus: link?.mappingStatus ?? null };
      }),
    }));
}

/**
 * Asks a supplier for one list. The consumer must have accepted the supplier's current terms; a list
 * may be asked for when there is no link yet or the last request was rejected.
 */
export async function requestAccess(
  scope: Scope,
  actor: Principal,
  input: { supplierId: string; supplierListId: string },
  deps: SuppliersDeps = defaultDeps,
) {
  const { site, now } = scope;
  const s = await supplierFor(scope, input.supplierId, deps);
  const list = s.profile.lists.find((l) => l.supplierListId === input.supplierListId);
  if (!list) throw fail.notFound(SUPPLIER_MSG.notOffered);
  const acceptance = await deps.repo.getAcceptance(site.siteId, s.site.siteId);
  if (acceptance?.version !== s.profile.termsVersion) {
    const message = acceptance ? SUPPLIER_MSG.termsChanged : SUPPLIER_MSG.termsNotAccepted;
    throw fail.conflict(message, { supplierId: message });
  }
  const ref = { supplierSiteId: s.site.siteId, consumerSiteId: site.siteId, category: list.category };
  const existing = await deps.repo.getLinkAtConsumer(ref);
  if (!canTransition(existing?.status ?? null, 'Pending', 'consumer'))
    throw fail.conflict(SUPPLIER_MSG.requestOpen, { supplierListId: SUPPLIER_MSG.requestOpen });

  const at = now.toISOString();
  const request: RequestRecord = {
    requestId: deps.newId(),
    ...ref,
    supplierListId: list.supplierListId,
    requestStatus: 'Pending',
    requestGeneratedAt: at,
    consumer: snapshot(site),
    requestedBy: actorRef(actor),
  };
  const link: LinkRecord = {
    ...ref,
    supplierListId: list.supplierListId,
    status: 'Pending',
    mappingStatus: 'Active',
    // Until the supplier says otherwise: search yes, holding seats no (a hold ties up the supplier's credit).
    isFlightHoldAllowed: false,
    isFlightSearchAllowed: true,
    currentRequestId: request.requestId,
    requestGeneratedAt: at,
    consumer: request.consumer,
    supplier: snapshot(s.site),
    statusChangedAt: at,
    statusChangedBy: actorRef(actor),
    updatedAt: at,
  };
  if (!(await deps.repo.openRequest(request, link)))
    throw fail.conflict(SUPPLIER_MSG.requestOpen, { supplierListId: SUPPLIER_MSG.requestOpen });
  return {
    requestId: request.requestId,
    supplierId: s.site.siteId,
    supplierListId: list.supplierListId,
    category: list.category,
    requestStatus: request.requestStatus,
    requestGeneratedAt: at,
  };
}

function toLinkedSupplier(l: LinkRecord) {
  return {
    supplierId: l.supplierSiteId,
    companyName: l.supplier.companyName,
    domain: l.supplier.domain,
    logoUrl: l.supplier.logoUrl,
    supplierListId: l.supplierListId,
    category: l.category,
    status: l.status,
    mappingStatus: l.mappingStatus,
    isFlightHoldAllowed: l.isFlightHoldAllowed,
    isFlightSearchAllowed: l.isFlightSearchAllowed,
    approvedAt: l.approvedAt ?? null,
  };
}

export async function linkedSuppliers(scope: Scope, deps: SuppliersDeps = defaultDeps) {
  const links = await deps.repo.linksOfConsumer(scope.site.siteId);
  return links.filter((l) => isEstablished(l.status)).map(toLinkedSupplier);
}

/** The consumer's copy of an established link, found in its own partition. */
async function ownEstablishedLink(scope: Scope, supplierId: string, supplierListId: string, deps: SuppliersDeps) {
  const links = await deps.repo.linksOfConsumer(scope.site.siteId, supplierId);
  const link = links.find((l) => l.supplierListId === supplierListId && isEstablished(l.status));
  if (!link) throw fail.notFound(SUPPLIER_MSG.notConsumer);
  return link;
}

/**
 * The consumer pauses or resumes its own use of a link. The supplier's status is not touched, so a
 * paused link resumes as it was; a link the supplier suspended stays unusable until reinstated.
 */
export async function setMappingStatus(
  scope: Scope,
  actor: Principal,
  input: { supplierId: string; supplierListId: string; mappingStatus: MappingStatus },
  deps: SuppliersDeps = defaultDeps,
) {
  const link = await ownEstablishedLink(scope, input.supplierId, input.supplierListId, deps);
  const fields = { mappingStatus: input.mappingStatus, updatedAt: scope.now.toISOString() };
  if (!(await deps.repo.updateLink(link, fields, { statuses: ['Approved', 'Suspended'] })))
    throw fail.notFound(SUPPLIER_MSG.notConsumer);
  return toLinkedSupplier({ ...link, ...fields });
}

/**
 * A one-time sign-in link to the supplier's site as this consumer's partner account there. Only an
 * approved link (the supplier's copy is authoritative) opens it, and it always lands on the account
 * bound to this consumer site on the supplier site. A link approved before accounts were bound to
 * links gets its bound account here, and its copies are pointed at it.
 */
export async function jumpLogin(scope: Scope, supplierId: string, deps: SuppliersDeps = defaultDeps) {
  const mine = await deps.repo.linksOfConsumer(scope.site.siteId, supplierId);
  const approved = mine.find((l) => l.status === 'Approved');
  const theirs = approved ? await deps.repo.getLinkAtSupplier(approved) : null;
  const target = theirs?.status === 'Approved' ? await deps.siteById(supplierId) : null;
  if (!theirs || !target) throw fail.forbidden(SUPPLIER_MSG.noApprovedLink);
  const partner = await partnerAccount(target, theirs, scope.now, deps);
  if (theirs.consumerAdminUserId !== partner.userId)
    await Promise.all(
      mine
        .filter((l) => isEstablished(l.status))
        .map((l) =>
          deps.repo.updateLink(l, partnerFields(partner, scope.now), { statuses: ['Approved', 'Suspended'] }),
        ),
    );
  const sessionId = await deps.users.createHandoffToken(target.siteId, partner.userId, scope.now);
  return { url: appLink(target, '/login', { sessionId }) };
}

// ---------------------------------------------------------------------------------------------------
// Supplier side

/** Supplier-only calls: the caller's site must sell something, and every key below is built from it. */
async function ownSupplierProfile(scope: Scope, deps: SuppliersDeps): Promise<SupplierProfileRecord> {
  const profile = await deps.repo.getProfile(scope.site.siteId);
  if (!profile?.lists.length) throw fail.forbidden(SUPPLIER_MSG.notSupplier);
  return profile;
}

/** The caller's (supplier's) copy of the link to `consumerSiteId` for one of its own lists. */
async function ownLink(scope: Scope, input: { consumerSiteId: string; supplierListId: string }, deps: SuppliersDeps) {
  const profile = await ownSupplierProfile(scope, deps);
  const list = profile.lists.find((l) => l.supplierListId === input.supplierListId);
  const link = list
    ? await deps.repo.getLinkAtSupplier({
        supplierSiteId: scope.site.siteId,
        consumerSiteId: input.consumerSiteId,
        category: list.category,
      })
    : null;
  if (!link) throw fail.notFound(SUPPLIER_MSG.notConsumer);
  return link;
}

async function toApiConsumer(site: SiteRecord, l: LinkRecord, deps: SuppliersDeps): Promise<TApiConsumer> {
  const le = l.consumerLegalEntityId;
  const [relation, group] = le
    ? await Promise.all([deps.repo.getLeRelation(site.siteId, le), deps.mappedGroup(site, le)])
    : [null, null];
  return {
    wl_companyName: l.consumer.companyName,
    wl_domain: l.consumer.domain,
    wl_adminEmail: l.consumer.adminEmail,
    wl_adminContact: l.consumer.adminContact,
    wl_legalEntityId: l.consumerLegalEntityId ?? null,
    wl_mongoDb_siteId: l.consumerSiteId,
    // No mapped group: the screen shows 'Default Group Applicable'.
    leGroup_groupName: group?.groupName ?? null,
    userGroup: { groupId: group?.groupId ?? null },
    sup_category: l.category,
    sc_map_supplierListId: l.supplierListId,
    sc_map_isFlightHoldAllowed: l.isFlightHoldAllowed,
    sc_map_isFlightSearchAllowed: l.isFlightSearchAllowed,
    sc_map_status: l.status,
    sc_map_mappingStatus: l.mappingStatus,
    isTdsDeductable: relation?.isTdsDeductable ?? false,
  };
}

/**
 * The consumers of this site (approved or suspended), one row per category. `supplierOnly` is the
 * supplierOnlyAccess variant: it refuses a site that supplies nothing instead of answering an empty list.
 */
export async function apiConsumers(
  scope: Scope,
  input: { page: number },
  options: { supplierOnly: boolean },
  deps: SuppliersDeps = defaultDeps,
) {
  if (options.supplierOnly) await ownSupplierProfile(scope, deps);
  const links = (await deps.repo.linksOfSupplier(scope.site.siteId)).filter((l) => isEstablished(l.status));
  const page = pageOf(links, input.page);
  return { ...page, records: await Promise.all(page.records.map((l) => toApiConsumer(scope.site, l, deps))) };
}

function toApiCustomerRequest(r: RequestRecord): TApiCustomerRequest {
  return {
    id: r.requestId,
    supplier_category: r.category,
    supplierListId: r.supplierListId,
    domain: r.consumer.domain,
    logoUrl: r.consumer.logoUrl,
    companyName: r.consumer.companyName,
    // Sites have no name apart from their company's.
    siteName: r.consumer.companyName,
    requestStatus: r.requestStatus,
    requestGeneratedAt: r.requestGeneratedAt,
    adminContact: r.consumer.adminContact,
    adminEmail: r.consumer.adminEmail,
    whitelabel_mongoDb_siteId: r.consumerSiteId,
    decider: r.decider
      ? { firstName: r.decider.firstName, lastName: r.decider.lastName, email: r.decider.email }
      : null,
    requestDecidedAt: r.decidedAt ?? null,
  };
}

export async function apiCustomerRequests(
  scope: Scope,
  input: { page: number; status?: RequestStatus | undefined },
  options: { supplierOnly: boolean },
  deps: SuppliersDeps = defaultDeps,
) {
  if (options.supplierOnly) await ownSupplierProfile(scope, deps);
  const rows = await deps.repo.listRequests(scope.site.siteId, input.status);
  const page = pageOf(rows, input.page);
  return { ...page, records: page.records.map(toApiCustomerRequest) };
}

/** The account bound to the consumer site on the supplier site, if it has one yet. */
async function boundPartner(supplierSiteId: string, consumerSiteId: string, deps: SuppliersDeps) {
  const userId = await deps.repo.partnerAccountId(supplierSiteId, consumerSiteId);
  const user = userId ? await deps.users.getUser(supplierSiteId, userId) : null;
  return user?.partnerOfSiteId === consumerSiteId ? { userId: user.userId, legalEntityId: user.legalEntityId } : null;
}

/**
 * The consumer's partner account on the supplier site `site`: the one account keyed by the consumer
 * site id, created on first use. Never found by email: whoever signed up on the supplier site with the
 * consumer admin's address (verified or not, agency or retail) keeps an account of their own that the
 * link never touches.
 */
async function partnerAccount(
  site: SiteRecord,
  link: LinkRecord,
  now: Date,
  deps: SuppliersDeps,
): Promise<PartnerAccount> {
  const bound = await boundPartner(site.siteId, link.consumerSiteId, deps);
  if (bound) return bound;
  try {
    return await deps.users.createPartnerAccount(site, link.consumerSiteId, link.consumer, now);
  } catch (err) {
    // Two first approvals at once (two categories): the other one created it a moment ago.
    const raced =
      (err as AppError).code === 'CONFLICT' ? await boundPartner(site.siteId, link.consumerSiteId, deps) : null;
    if (!raced) throw err;
    return raced;
  }
}

const partnerFields = (partner: PartnerAccount, now: Date): Partial<LinkRecord> => ({
  consumerAdminUserId: partner.userId,
  consumerLegalEntityId: partner.legalEntityId,
  updatedAt: now.toISOString(),
});

async function decider(scope: Scope, actor: Principal, deps: SuppliersDeps): Promise<Decider> {
  const user = await deps.users.getUser(scope.site.siteId, actor.userId);
  return { userId: actor.userId, email: actor.email, firstName: user?.firstName ?? '', lastName: user?.lastName ?? '' };
}

/**
 * Moves a link (the caller's supplier copy) to `to` by the supplier. Out of Pending it decides the
 * current request, recording the decider; every approval binds the link to its partner account. Every
 * write covers the request (when deciding) and both copies of the link in one transaction.
 */
async function moveLink(
  scope: Scope,
  actor: Principal,
  link: LinkRecord,
  to: LinkStatus,
  deps: SuppliersDeps,
): Promise<LinkRecord> {
  if (!canTransition(link.status, to, 'supplier'))
    throw fail.conflict(SUPPLIER_MSG.transitionNotAllowed(link.status, to), {
      newRequestStatus: SUPPLIER_MSG.transitionNotAllowed(link.status, to),
    });
  const at = scope.now.toISOString();
  const change: Partial<LinkRecord> = {
    status: to,
    statusChangedAt: at,
    statusChangedBy: actorRef(actor),
    updatedAt: at,
  };
  // Every approval, a reinstatement too, (re)binds the link to the consumer's own partner account.
  const bindPartner = async () => {
    if (to === 'Approved')
      Object.assign(change, partnerFields(await partnerAccount(scope.site, link, scope.now, deps), scope.now));
  };
  if (!isDecision(link.status)) {
    await bindPartner();
    if (!(await deps.repo.updateLink(link, change, { statuses: [link.status] })))
      throw fail.conflict(SUPPLIER_MSG.transitionNotAllowed(link.status, to));
    return { ...link, ...change };
  }
  const request = await deps.repo.getRequest(link.supplierSiteId, link.currentRequestId);
  if (!request || request.requestStatus !== 'Pending') throw fail.conflict(SUPPLIER_MSG.requestDecided);
  await bindPartner();
  if (to === 'Approved') change.approvedAt = link.approvedAt ?? at;
  const decision = {
    requestStatus: to as 'Approved' | 'Rejected',
    decider: await decider(scope, actor, deps),
    decidedAt: at,
  };
  if (!(await deps.repo.decideRequest(request, decision, change))) throw fail.conflict(SUPPLIER_MSG.requestDecided);
  return { ...link, ...change };
}

/** The API Customer Requests dialog: decide a pending request once; a decided one offers nothing more (409). */
export async function decideRequest(
  scope: Scope,
  actor: Principal,
  input: { requestId: string; consumerMongoSiteId: string; newRequestStatus: 'Approved' | 'Rejected' },
  deps: SuppliersDeps = defaultDeps,
): Promise<TApiCustomerRequest> {
  const request = await deps.repo.getRequest(scope.site.siteId, input.requestId);
  if (!request || request.consumerSiteId !== input.consumerMongoSiteId) throw fail.notFound();
  if (request.requestStatus !== 'Pending') throw fail.conflict(SUPPLIER_MSG.requestDecided);
  const link = await deps.repo.getLinkAtSupplier(request);
  if (!link || link.currentRequestId !== request.requestId) throw fail.conflict(SUPPLIER_MSG.requestDecided);
  await moveLink(scope, actor, link, input.newRequestStatus, deps);
  const decided = await deps.repo.getRequest(scope.site.siteId, input.requestId);
  return toApiCustomerRequest(decided ?? request);
}

/** Supplier only: any allowed transition of one of the caller's own links. */
export async function changeLinkStatus(
  scope: Scope,
  actor: Principal,
  input: { consumerSiteId: string; supplierListId: string; newRequestStatus: LinkStatus },
  deps: SuppliersDeps = defaultDeps,
): Promise<TApiConsumer> {
  const link = await ownLink(scope, input, deps);
  return toApiConsumer(scope.site, await moveLink(scope, actor, link, input.newRequestStatus, deps), deps);
}

/** Supplier only: a per-consumer switch (flight hold or flight search) on an established link. */
export async function setLinkSwitch(
  scope: Scope,
  input: { consumerSiteId: string; supplierListId: string },
  switches: Partial<Pick<LinkRecord, 'isFlightHoldAllowed' | 'isFlightSearchAllowed'>>,
  deps: SuppliersDeps = defaultDeps,
): Promise<TApiConsumer> {
  const link = await ownLink(scope, input, deps);
  if (!isEstablished(link.status)) throw fail.notFound(SUPPLIER_MSG.notConsumer);
  const fields = { ...switches, updatedAt: scope.now.toISOString() };
  if (!(await deps.repo.updateLink(link, fields, { statuses: ['Approved', 'Suspended'] })))
    throw fail.notFound(SUPPLIER_MSG.notConsumer);
  return toApiConsumer(scope.site, { ...link, ...fields }, deps);
}

/** TDS on commission paid to one of this site's customer legal entities (agency or consumer partner). */
export async function setLeRelation(
  scope: Scope,
  actor: Principal,
  input: { userLEID: string; isTdsDeductable: boolean },
  deps: SuppliersDeps = defaultDeps,
) {
  const { site, now } = scope;
  // The owner's own legal entity has no relation with itself.
  if (input.userLEID === site.ownerLegalEntityId || !(await deps.repo.legalEntityExists(site.siteId, input.userLEID)))
    throw fail.notFound(SUPPLIER_MSG.leNotFound);
  await deps.repo.setTdsDeductable(site.siteId, input.userLEID, {
    isTdsDeductable: input.isTdsDeductable,
    tdsChangedAt: now.toISOString(),
    tdsChangedBy: actorRef(actor),
  });
  return { userLEID: input.userLEID, isTdsDeductable: input.isTdsDeductable };
}

// ---------------------------------------------------------------------------------------------------
// For other domains (flights, wallet)

export { activeSupplierLink, type ActiveSupplierLink } from './links.ts';

/** Whether TDS is withheld on commission to a legal entity of the site (false until staff say so). */
export async function isTdsDeductable(
  siteId: string,
  legalEntityId: string,
  deps: Pick<SuppliersDeps, 'repo'> = defaultDeps,
): Promise<boolean> {
  return (await deps.repo.getLeRelation(siteId, legalEntityId))?.isTdsDeductable ?? false;
}
