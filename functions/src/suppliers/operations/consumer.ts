/** The consumer side: finding suppliers, accepting terms, requesting access, jump login. */
import { SUPPLIER_MSG } from '@tp/contracts/endpoints/suppliers';
import { canTransition, isEstablished, type MappingStatus } from '@tp/domain/supplier-links';
import { fail } from '#lib/errors';
import { appLink } from '#lib/mail';
import type { Principal } from '#lib/principal';
import { type SiteRecord } from '#lib/tenancy';
import * as repo from '../repo.ts';
import type { LinkRecord, RequestRecord, SupplierProfileRecord } from '../repo.ts';
import { type Scope, type SuppliersDeps, actorRef, defaultDeps, snapshot } from './deps.ts';
import { partnerAccount, partnerFields } from './supplier.ts';
import { asSiteId } from '#lib/keys';
import * as api from '@tp/contracts/endpoints/suppliers';
import * as MSG from '@tp/contracts/messages';
import { answers, reply } from '#lib/answers';

export interface Supplier {
  site: SiteRecord;
  profile: SupplierProfileRecord;
}

/** Another site that sells something; the caller can never be its own supplier. */
async function supplierFor(scope: Scope, supplierId: string, deps: SuppliersDeps): Promise<Supplier> {
  if (supplierId === scope.site.siteId)
    throw fail.validation(SUPPLIER_MSG.ownSite, { supplierId: SUPPLIER_MSG.ownSite });
  const id = asSiteId(supplierId);
  const [site, profile] = await Promise.all([deps.siteById(id), deps.repo.getProfile(id)]);
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
  return { ...details(s, await deps.repo.getAcceptance(scope.site.siteId, s.site.siteId)), lists: s.profile.lists };
}

export function terms(s: Supplier, acceptance: repo.TermsAcceptanceRecord | null) {
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
  return terms(s, await deps.repo.getAcceptance(scope.site.siteId, s.site.siteId));
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
  const links = await deps.repo.linksOfConsumer(scope.site.siteId, asSiteId(supplierId));
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
  const supplierSiteId = asSiteId(supplierId);
  const mine = await deps.repo.linksOfConsumer(scope.site.siteId, supplierSiteId);
  const approved = mine.find((l) => l.status === 'Approved');
  const theirs = approved ? await deps.repo.getLinkAtSupplier(approved) : null;
  const target = theirs?.status === 'Approved' ? await deps.siteById(supplierSiteId) : null;
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

// The suppliers Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerGetAllVisibleSuppliersWithConsumerRequests = answers(
  api.getAllVisibleSuppliersWithConsumerRequests,
  (input, scope) => visibleSuppliers(scope, input.domainName),
);
export const answerSupplierApprovalSupplierDetails = answers(api.supplierApprovalSupplierDetails, (input, scope) =>
  supplierDetails(scope, input.supplierId),
);
export const answerSupplierApprovalGetTermsAndConditions = answers(
  api.supplierApprovalGetTermsAndConditions,
  (input, scope) => supplierTerms(scope, input.supplierId),
);
export const answerSupplierApprovalAcceptTermsAndConditions = answers(
  api.supplierApprovalAcceptTermsAndConditions,
  (input, scope) => acceptTerms(scope, scope.principal, input),
);
export const answerConsumerToSupplierRequests = answers(api.consumerToSupplierRequests, (input, scope) =>
  requestAccess(scope, scope.principal, input),
);
export const answerGetLinkedSuppliersByConsumer = answers(api.getLinkedSuppliersByConsumer, (_input, scope) =>
  linkedSuppliers(scope),
);
export const answerChangeConsumerSupplierMappingStatusFromConsumerSide = answers(
  api.changeConsumerSupplierMappingStatusFromConsumerSide,
  async (input, scope) =>
    reply(await setMappingStatus(scope, scope.principal, input), {
      message: MSG.settingSaved,
    }),
);
export const answerJumplogin = answers(api.jumplogin, (input, scope) => jumpLogin(scope, input.supplierId));
