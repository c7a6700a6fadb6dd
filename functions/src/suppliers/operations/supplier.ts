/** The supplier side: deciding requests, link status, mappings and legal-entity relations. */
import { SUPPLIER_MSG, type TApiConsumer, type TApiCustomerRequest } from '@tp/contracts/endpoints/suppliers';
import { canTransition, isDecision, isEstablished, type LinkStatus } from '@tp/domain/supplier-links';
import { auditActor, auditPut, recordChange } from '#lib/audit';
import { fail, type AppError } from '#lib/errors';
import type { Principal } from '#lib/principal';
import { type SiteRecord } from '#lib/tenancy';
import type { Decider, LinkRecord, RequestRecord, RequestStatus, SupplierProfileRecord } from '../repo.ts';
import { type PartnerAccount, type Scope, type SuppliersDeps, actorRef, defaultDeps, pageOf } from './deps.ts';
import { asSiteId, type SiteId } from '#lib/keys';
import * as api from '@tp/contracts/endpoints/suppliers';
import * as MSG from '@tp/contracts/messages';
import { answers, reply } from '#lib/answers';

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
        consumerSiteId: asSiteId(input.consumerSiteId),
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
async function boundPartner(supplierSiteId: SiteId, consumerSiteId: SiteId, deps: SuppliersDeps) {
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
export async function partnerAccount(
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

export const partnerFields = (partner: PartnerAccount, now: Date): Partial<LinkRecord> => ({
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
  // The supplier's audit entry: the link's status, on the supplier's site, in the link's own transaction.
  const state = (status: LinkStatus) => ({
    consumerSiteId: link.consumerSiteId,
    consumer: link.consumer.companyName,
    category: link.category,
    status,
  });
  const audit = () =>
    auditPut(
      scope.site.siteId,
      recordChange(
        'supplierLink',
        `${link.consumerSiteId}:${link.supplierListId}`,
        state(link.status),
        state(to),
        'status',
      ),
      auditActor(actor),
      scope.now,
    );
  // Every approval, a reinstatement too, (re)binds the link to the consumer's own partner account.
  const bindPartner = async () => {
    if (to === 'Approved')
      Object.assign(change, partnerFields(await partnerAccount(scope.site, link, scope.now, deps), scope.now));
  };
  if (!isDecision(link.status)) {
    await bindPartner();
    if (!(await deps.repo.updateLink(link, change, { statuses: [link.status] }, audit())))
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
  if (!(await deps.repo.decideRequest(request, decision, change, audit())))
    throw fail.conflict(SUPPLIER_MSG.requestDecided);
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

/** Supplier only: a per-consumer switch (flight hold or flight search) on an established link, audited with it. */
export async function setLinkSwitch(
  scope: Scope,
  actor: Principal,
  input: { consumerSiteId: string; supplierListId: string },
  switches: Partial<Pick<LinkRecord, 'isFlightHoldAllowed' | 'isFlightSearchAllowed'>>,
  deps: SuppliersDeps = defaultDeps,
): Promise<TApiConsumer> {
  const link = await ownLink(scope, input, deps);
  if (!isEstablished(link.status)) throw fail.notFound(SUPPLIER_MSG.notConsumer);
  const fields = { ...switches, updatedAt: scope.now.toISOString() };
  const named = { consumerSiteId: link.consumerSiteId, consumer: link.consumer.companyName };
  const before = {
    ...named,
    ...Object.fromEntries(Object.keys(switches).map((k) => [k, link[k as keyof LinkRecord]])),
  };
  const audit = auditPut(
    scope.site.siteId,
    recordChange('supplierLink', `${link.consumerSiteId}:${link.supplierListId}`, before, { ...named, ...switches }),
    auditActor(actor),
    scope.now,
  );
  if (!(await deps.repo.updateLink(link, fields, { statuses: ['Approved', 'Suspended'] }, audit)))
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

// The suppliers Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
// The staff customer screen and the supplier-only views share one implementation each.
const supplierOnly = { supplierOnly: true };
const customerScreen = { supplierOnly: false };
export const answerGetApiConsumers = answers(api.getApiConsumers, (input, scope) =>
  apiConsumers(scope, input, customerScreen),
);
export const answerSupplierConsumers = answers(api.supplierConsumers, (input, scope) =>
  apiConsumers(scope, input, supplierOnly),
);
export const answerGetApiCustomerRequests = answers(api.getApiCustomerRequests, (input, scope) =>
  apiCustomerRequests(scope, input, customerScreen),
);
export const answerConsumerToSupplierRequestsBasedOnSupplierId = answers(
  api.consumerToSupplierRequestsBasedOnSupplierId,
  (input, scope) => apiCustomerRequests(scope, input, supplierOnly),
);
export const answerChangeApiCustomerRequestStatus = answers(api.changeApiCustomerRequestStatus, async (input, scope) =>
  reply(await decideRequest(scope, scope.principal, input), {
    message: MSG.requestStatusChanged,
  }),
);
export const answerChangeConsumerSupplierRequestStatus = answers(
  api.changeConsumerSupplierRequestStatus,
  async (input, scope) =>
    reply(await changeLinkStatus(scope, scope.principal, input), {
      message: MSG.requestStatusChanged,
    }),
);
export const answerSetFlightHoldSetting = answers(api.setFlightHoldSetting, async ({ isFlightHold, ...link }, scope) =>
  reply(await setLinkSwitch(scope, scope.principal, link, { isFlightHoldAllowed: isFlightHold }), {
    message: MSG.settingSaved,
  }),
);
export const answerSetFlightSearchSetting = answers(
  api.setFlightSearchSetting,
  async ({ isFlightSearchAllowed, ...link }, scope) =>
    reply(await setLinkSwitch(scope, scope.principal, link, { isFlightSearchAllowed }), {
      message: MSG.settingSaved,
    }),
);
export const answerSetLERelationConfig = answers(api.setLERelationConfig, async (input, scope) =>
  reply(await setLeRelation(scope, scope.principal, input), { message: MSG.tdsChanged }),
);
