/**
 * Visa applications (docs/visas.md "Applications"): started from a checklist for one or more travellers, documents
 * uploaded privately, the fee paid once from the wallet (its credit line included) and invoiced, then worked by
 * staff through the queue to a decision; a rejection or cancellation refunds the site's terms once. Every step is
 * audited in its own transaction and mailed to the applicant (notify.ts).
 */
import { createHash } from 'node:crypto';
import type { ParsedRequestOf } from '@tp/contracts/endpoint';
import * as api from '@tp/contracts/endpoints/visa-applications';
import {
  DEFAULT_VISA_DOCUMENTS,
  VISA_APP_MSG,
  VISA_APPLICATION_STATUSES,
  VISA_DOCUMENT_LINK_SECONDS,
  VISA_QUEUE_PAGE_SIZE,
  type TVisaApplication,
  type TVisaTerms,
} from '@tp/contracts/endpoints/visa-applications';
import { countryByCode } from '@tp/reference-data/countries';
import {
  DEFAULT_VISA_TERMS,
  VISA_STATUS_LABEL,
  canTakeStep,
  documentsDeleteAfter,
  isPaidAndOpen,
  missingDocuments,
  passportExpiresTooSoon,
  travelDateProblems,
  visaFee,
  visaRefund,
  type VisaStep,
  type VisaTerms,
} from '@tp/domain/visa-applications';
import { customerSees } from '#lib/account-members';
import { auditActor, auditPut, recordChange, type AuditActor } from '#lib/audit';
import { newId, newToken, sha256 } from '#lib/crypto';
import type { TransactItem } from '#lib/db';
import { fail, refuseIfAny } from '#lib/errors';
import { answers, reply, type SignedInScope } from '#lib/answers';
import type { SiteId } from '#lib/keys';
import { deletePrivateDocument, readPrivateDocument, savePrivateDocument } from '#lib/media';
import { permissionsOf } from '#lib/permissions';
import type { SiteRecord } from '#lib/tenancy';
import type { GatewayName } from '@tp/contracts/endpoints/wallet';
import { siteToday } from '#lib/time';
import { log as rootLog, type Logger } from '#lib/logger';
import { siteById } from '#lib/tenancy';
import * as repo from './applications-repo.ts';
import type { ApplicationRecord, DocumentRecord } from './applications-repo.ts';
import { announce, type VisaEvent } from './notify.ts';
import * as content from './repo.ts';

type In<E> = ParsedRequestOf<E>;
const siteOf = (scope: { site: SiteRecord }): SiteId => scope.site.siteId;
const CURRENCY = 'INR';

// ---------------------------------------------------------------------------------------------------
// Views and access

const documentView = ({ storageKey: _k, ...d }: DocumentRecord) => d;

export function applicationView(a: ApplicationRecord): TVisaApplication {
  const {
    userEmail: _e,
    legalEntityId: _l,
    paymentId: _p,
    gateway: _g,
    gatewayRefundId: _r,
    documents,
    visas,
    ...rest
  } = a;
  return {
    ...rest,
    documents: documents.map(documentView),
    visas: visas.map(documentView),
    missing: missingDocuments(a.requiredDocuments, a.travellers.length, a.documents),
  };
}

/** What the audit trail keeps of an application: its steps and money, no passport data (which is deleted later). */
const auditView = (a: ApplicationRecord) => ({
  reference: a.reference,
  status: a.status,
  visa: `${a.countryName} – ${a.visaCategory}`,
  travellers: a.travellers.length,
  documents: a.documents.map((d) => `${d.traveller + 1}: ${d.document}${d.requested ? ' (requested)' : ''}`),
  visas: a.visas.length,
  paidAmount: a.paidAmount,
  refundedAmount: a.refundedAmount,
  embassyReference: a.embassyReference,
  decisionNote: a.decisionNote,
  documentsDeletedAt: a.documentsDeletedAt,
});

export const auditOf = (
  siteId: SiteId,
  before: ApplicationRecord | null,
  after: ApplicationRecord,
  by: AuditActor,
  at: Date,
): TransactItem =>
  auditPut(
    siteId,
    recordChange(
      'visaApplication',
      after.id,
      before && auditView(before),
      auditView(after),
      before ? 'status' : 'create',
    ),
    by,
    at,
  );

async function isVisaStaff(scope: SignedInScope): Promise<boolean> {
  const p = scope.principal;
  return p.userType === 'staff' && (await permissionsOf(p)).has('visa.applications');
}

/** The application as its applicant's side (the owner, or the account's admin or approver) or visa staff see it. */
async function visibleApplication(scope: SignedInScope, id: string) {
  const app = await repo.getApplication(siteOf(scope), id);
  const staff = app ? await isVisaStaff(scope) : false;
  // Another customer's application reads as none at all.
  if (!app || (!staff && !customerSees(scope.principal, app))) throw fail.notFound(VISA_APP_MSG.notFound);
  return { app, staff };
}

function requireStep(app: ApplicationRecord, step: VisaStep) {
  if (!canTakeStep(app.status, step)) {
    const message = VISA_APP_MSG.notNow(VISA_STATUS_LABEL[app.status]);
    throw fail.conflict(message, { applicationId: message });
  }
}

function requireVersion(app: ApplicationRecord, version: number | undefined) {
  if (version !== undefined && version !== app.version) throw fail.conflict(VISA_APP_MSG.changedMeanwhile);
}

const bump = (scope: { now: Date }, a: ApplicationRecord, change: Partial<ApplicationRecord>): ApplicationRecord => ({
  ...a,
  ...change,
  version: a.version + 1,
  updatedAt: scope.now.toISOString(),
});

/** Commits a change with its audit entry (and the caller's items), then tells the applicant; 409 on a lost race. */
async function commit(
  scope: SignedInScope,
  before: ApplicationRecord,
  after: ApplicationRecord,
  event: VisaEvent | null,
  extra: TransactItem[] = [],
  detail: { document?: string } = {},
): Promise<ApplicationRecord> {
  const audit = auditOf(siteOf(scope), before, after, auditActor(scope.principal), scope.now);
  if (!(await repo.saveApplication(siteOf(scope), before, after, [audit, ...extra])))
    throw fail.conflict(VISA_APP_MSG.changedMeanwhile);
  if (event) await announce(scope.site, event, after, scope.log, detail);
  return after;
}

export async function visaTerms(siteId: SiteId): Promise<VisaTerms> {
  return { ...DEFAULT_VISA_TERMS, ...(await repo.getTerms(siteId)) };
}

// ---------------------------------------------------------------------------------------------------
// The applicant's side

const nameOf = (p: SignedInScope['principal']) => {
  const r = p.record;
  const name = [r.firstName, r.lastName].filter((s) => typeof s === 'string' && s.trim()).join(' ');
  return name || p.email;
};

/** A reference people read out on the phone, made from the id. */
const referenceOf = (id: string) => `VA${id.slice(0, 8).toUpperCase()}`;

export async function startApplication(
  scope: SignedInScope,
  input: In<typeof api.startVisaApplication>,
): Promise<ApplicationRecord> {
  const siteId = siteOf(scope);
  // One application per visit of the form: a repeated submit finds the one it made.
  const id = createHash('sha256')
    .update(`${scope.principal.userId}:${input.idempotencyKey}`)
    .digest('hex')
    .slice(0, 24);
  const existing = await repo.getApplication(siteId, id);
  if (existing) return existing;

  const today = siteToday(scope.site, scope.now);
  refuseIfAny(travelDateProblems(input, today, { past: VISA_APP_MSG.travelPast, order: VISA_APP_MSG.travelOrder }));
  input.travellers.forEach((t, i) => {
    refuseIfAny(
      {
        passportExpiry: passportExpiresTooSoon(t.passportExpiry, input.travelTo)
          ? VISA_APP_MSG.passportExpiry
          : undefined,
        dateOfBirth: t.dateOfBirth >= today ? VISA_APP_MSG.birthFuture : undefined,
      },
      `travellers.${i}.`,
    );
  });
  const nationality = countryByCode(input.nationality);
  if (!nationality)
    throw fail.validation('Please choose a nationality', { nationality: 'Please choose a nationality' });
  const category = await content.getCategory(siteId, input.categoryId);
  if (!category) throw fail.validation(VISA_APP_MSG.noChecklist, { categoryId: VISA_APP_MSG.noChecklist });
  // The nationality's own checklist, else the category's default one (as the public page shows).
  const checklist =
    (await content.getChecklist(siteId, category.id, input.nationality)) ??
    (await content.getChecklist(siteId, category.id, ''));
  if (!checklist) throw fail.validation(VISA_APP_MSG.noChecklist, { nationality: VISA_APP_MSG.noChecklist });
  if (!(checklist.fee > 0)) throw fail.validation(VISA_APP_MSG.noFee, { categoryId: VISA_APP_MSG.noFee });
  const country = await content.getCountry(siteId, category.countryId);
  const terms = await visaTerms(siteId);
  const now = scope.now.toISOString();
  const app: ApplicationRecord = {
    id,
    version: 1,
    reference: referenceOf(id),
    status: 'draft',
    userId: scope.principal.userId,
    userName: nameOf(scope.principal),
    userEmail: scope.principal.email,
    legalEntityId: scope.principal.legalEntityId,
    countryId: category.countryId,
    countryName: country?.countryName ?? category.countryId,
    categoryId: category.id,
    visaCategory: category.visaCategory,
    nationality: input.nationality,
    nationalityName: nationality.name,
    travelFrom: input.travelFrom,
    travelTo: input.travelTo,
    travellers: input.travellers,
    requiredDocuments: checklist.documents.length ? checklist.documents : [...DEFAULT_VISA_DOCUMENTS],
    documents: [],
    visas: [],
    fee: visaFee(checklist.fee, input.travellers.length, terms, CURRENCY),
    paidAmount: 0,
    paidAt: null,
    refundedAmount: 0,
    embassyReference: '',
    decisionNote: '',
    decidedAt: null,
    documentsDeletedAt: null,
    invoiceId: null,
    createdAt: now,
    updatedAt: now,
  };
  const audit = auditOf(siteId, null, app, auditActor(scope.principal), scope.now);
  // A lost race with the same key made the same application: answer that one.
  if (!(await repo.saveApplication(siteId, null, app, [audit]))) return (await repo.getApplication(siteId, id))!;
  return app;
}

export async function myApplications(scope: SignedInScope, input: In<typeof api.myVisaApplications>) {
  const page = await repo.applicationsOfUser(siteOf(scope), scope.principal.userId, {
    cursor: input.cursor,
    limit: VISA_QUEUE_PAGE_SIZE,
  });
  return { records: page.records.map(applicationView), nextCursor: page.nextCursor };
}

const folderOf = (app: ApplicationRecord) => `visa/${app.id}`;

/** Uploads (or replaces) one document; a replaced file is deleted after the new one is committed. */
export async function uploadDocument(
  scope: SignedInScope,
  input: In<typeof api.uploadVisaDocument>,
): Promise<ApplicationRecord> {
  const { app } = await visibleApplication(scope, input.applicationId);
  requireStep(app, 'upload');
  requireVersion(app, input.version);
  if (input.traveller >= app.travellers.length)
    throw fail.validation(VISA_APP_MSG.unknownTraveller, { traveller: VISA_APP_MSG.unknownTraveller });
  const document = app.requiredDocuments.find((d) => d.toLowerCase() === input.document.trim().toLowerCase());
  if (!document) throw fail.validation(VISA_APP_MSG.unknownDocument, { document: VISA_APP_MSG.unknownDocument });
  const old = app.documents.find((d) => d.traveller === input.traveller && d.document === document);
  const stored = await savePrivateDocument(siteOf(scope), folderOf(app), input.file);
  const record: DocumentRecord = {
    documentId: newId(),
    traveller: input.traveller,
    document,
    fileName: input.file.fileName,
    contentType: stored.contentType,
    bytes: stored.bytes,
    storageKey: stored.key,
    uploadedAt: scope.now.toISOString(),
    requested: false,
    requestNote: '',
  };
  const documents = [...app.documents.filter((d) => d !== old), record];
  // The last requested document back: the application returns to staff.
  const backToStaff =
    app.status === 'documentsRequested' &&
    missingDocuments(app.requiredDocuments, app.travellers.length, documents).length === 0;
  const after = bump(scope, app, { documents, ...(backToStaff ? { status: 'submitted' as const } : {}) });
  try {
    await commit(scope, app, after, backToStaff ? 'visa.documentsReturned' : 'visa.documentUploaded');
  } catch (err) {
    await deletePrivateDocument(siteOf(scope), stored.key).catch(() => undefined);
    throw err;
  }
  if (old?.storageKey) await deletePrivateDocument(siteOf(scope), old.storageKey).catch(() => undefined);
  return after;
}

/**
 * Pays the fee once: the wallet debit (its credit line included), the application's move to submitted and the
 * audit entry are one transaction under the debit's entry id, so a second click or a retry moves no money. The
 * invoice follows (best effort, once per application).
 */
export async function payApplication(
  scope: SignedInScope,
  applicationId: string,
  method: 'wallet' | 'gateway' = 'wallet',
): Promise<ApplicationRecord & { redirectTo?: string | null }> {
  const { app } = await visibleApplication(scope, applicationId);
  if (app.paidAt) return app;
  requireStep(app, 'pay');
  const missing = missingDocuments(app.requiredDocuments, app.travellers.length, app.documents);
  if (missing.length) throw fail.validation(VISA_APP_MSG.documentsMissing(missing.length));
  if (method === 'gateway') return { ...app, redirectTo: await startFeePayment(scope, app) };
  const nowIso = scope.now.toISOString();
  const after = bump(scope, app, { status: 'submitted', paidAmount: app.fee.total, paidAt: nowIso, paidBy: 'wallet' });
  const audit = auditOf(siteOf(scope), app, after, auditActor(scope.principal), scope.now);
  const { move } = await import('../wallet/index.ts');
  const result = await move(
    'debit',
    {
      siteId: siteOf(scope),
      legalEntityId: app.legalEntityId,
      entryId: `visa-${app.id}-fee`,
      amount: app.fee.total,
      currency: app.fee.currency,
      kind: 'booking',
      remark: `Visa application ${app.reference}: ${app.countryName} – ${app.visaCategory}`,
      byUserId: scope.principal.userId,
      reference: { bookingId: app.id },
      now: scope.now,
    },
    [...repo.applicationWrites(siteOf(scope), app, after), audit],
  );
  if (result === 'insufficient' || result === 'overLimit') throw fail.paymentRequired(VISA_APP_MSG.insufficient);
  if (result === 'overdue') throw fail.paymentRequired(VISA_APP_MSG.insufficient);
  if (result !== 'done') {
    // Paid by another click meanwhile, or the application changed: the stored state answers.
    const now = await repo.getApplication(siteOf(scope), app.id);
    if (now?.paidAt) return now;
    throw fail.conflict(VISA_APP_MSG.changedMeanwhile);
  }
  await announce(scope.site, 'visa.submitted', after, scope.log);
  return withInvoice(scope, after);
}

/**
 * The fee through the site's gateway (purpose `visaFee`): the payer goes to the gateway's page and back to the
 * application (`?payment=<id>`); nothing changes here until the payment-verification worker hands the verified
 * payment to `receiveVisaGatewayPayment`, which submits the application once.
 */
async function startFeePayment(scope: SignedInScope, app: ApplicationRecord): Promise<string> {
  const { startGatewayPayment } = await import('../wallet/index.ts');
  const started = await startGatewayPayment(scope.site, {
    purpose: { kind: 'visaFee', applicationId: app.id },
    amount: app.fee.total,
    currency: app.fee.currency,
    userId: scope.principal.userId,
    legalEntityId: app.legalEntityId,
    now: scope.now,
    userEmail: scope.principal.email,
    remark: `Visa application ${app.reference}: ${app.countryName} – ${app.visaCategory}`,
    returnPath: `/visa-applications/${app.id}`,
  });
  return started.redirectTo;
}

/**
 * A verified gateway payment pays its application's fee once: the application's move to submitted (conditional on
 * its version) and the application's gateway-paid guard (`attribute_not_exists`) commit together with the audit
 * entry; then the applicant is told and the invoice issued, as for a wallet payment. 'already' when this payment
 * paid it before; 'refused' (the payments side sends the money back) when the application was paid otherwise,
 * cancelled, or the amount is not the fee.
 */
export async function receiveVisaGatewayPayment(
  siteId: SiteId,
  applicationId: string,
  payment: { paymentId: string; transactionId: string; amount: number; currency: string; gateway: string },
  now: Date,
): Promise<'received' | 'already' | 'refused'> {
  const site = await siteById(siteId);
  if (!site) return 'refused';
  for (let attempt = 1; attempt <= 5; attempt++) {
    const app = await repo.getApplication(siteId, applicationId);
    if (!app) return 'refused';
    if (app.paymentId === payment.paymentId && app.paidAt) return 'already';
    const fits =
      !app.paidAt &&
      canTakeStep(app.status, 'pay') &&
      Math.abs(payment.amount - app.fee.total) < 0.005 &&
      payment.currency === app.fee.currency;
    if (!fits) {
      rootLog.warn('gateway payment not applicable to its visa application', { siteId, applicationId });
      return 'refused';
    }
    const after = bump({ now }, app, {
      status: 'submitted',
      paidAmount: app.fee.total,
      paidAt: now.toISOString(),
      paidBy: 'gateway',
      paymentId: payment.paymentId,
      gateway: payment.gateway,
    });
    const by = { userId: app.userId, name: `${app.userName} (online payment)`, email: '' };
    const audit = auditOf(siteId, app, after, by, now);
    if (await repo.takeGatewayFee(siteId, app, after, payment.paymentId, [audit])) {
      const scope = { site, now, log: rootLog };
      await announce(site, 'visa.submitted', after, rootLog);
      await withInvoice(scope, after);
      return 'received';
    }
    // Lost a race (another verification, a wallet payment, a change): read again.
  }
  throw new Error(`visa application ${applicationId} kept changing while its fee was applied`);
}

/** Issues the paid application's invoice and keeps its id on the application; a failure leaves it for later. */
async function withInvoice(
  scope: { site: SiteRecord; now: Date; log: Logger },
  app: ApplicationRecord,
): Promise<ApplicationRecord> {
  try {
    const { invoiceVisaPaid } = await import('../invoices/index.ts');
    const invoiceId = await invoiceVisaPaid(
      scope.site,
      {
        id: app.id,
        reference: app.reference,
        userId: app.userId,
        userName: app.userName,
        userEmail: app.userEmail,
        legalEntityId: app.legalEntityId,
        countryName: app.countryName,
        visaCategory: app.visaCategory,
        travellers: app.travellers.length,
        total: app.paidAmount,
        markup: app.fee.markup,
        currency: app.fee.currency,
      },
      scope.now,
    );
    const after = { ...app, invoiceId, version: app.version + 1 };
    return (await repo.saveApplication(siteOf(scope), app, after)) ? after : app;
  } catch (err) {
    scope.log.error('visa invoice not issued; staff can issue it later', { applicationId: app.id, error: String(err) });
    return app;
  }
}

/**
 * Ends an application (cancelled by either side, or rejected by staff): what was paid comes back under the site's
 * terms, credited to the wallet in the same transaction as the status under one entry id (so once), with its
 * credit note; the documents are scheduled for deletion.
 */
async function close(
  scope: SignedInScope,
  app: ApplicationRecord,
  outcome: 'rejected' | 'cancelled',
  note: string,
): Promise<ApplicationRecord> {
  const terms = await visaTerms(siteOf(scope));
  const refund = isPaidAndOpen(app.status) ? visaRefund(app.paidAmount, outcome, terms) : 0;
  const nowIso = scope.now.toISOString();
  const after = bump(scope, app, { status: outcome, refundedAmount: refund, decisionNote: note, decidedAt: nowIso });
  const extra = [
    auditOf(siteOf(scope), app, after, auditActor(scope.principal), scope.now),
    repo.purgePut(siteOf(scope), app.id, documentsDeleteAfter(nowIso, terms.documentRetentionDays)),
  ];
  if (refund > 0 && app.paidBy === 'gateway' && app.paymentId && app.gateway) {
    // Paid through the gateway: refunded through it (the quotation cancellation's machinery), decided in the
    // closing transaction under one refund id per application, sent right after it; the reconciler follows it.
    const { gatewayRefundItems, sendGatewayRefundNow } = await import('../wallet/index.ts');
    const g = gatewayRefundItems({
      siteId: siteOf(scope),
      source: `VF-${app.id}`,
      payment: { paymentId: app.paymentId, gateway: app.gateway as GatewayName, amount: app.paidAmount },
      amount: refund,
      currency: app.fee.currency,
      legalEntityId: app.legalEntityId,
      userId: app.userId,
      remark: `Visa application ${app.reference} ${outcome}: refund`,
      reference: {},
      now: scope.now,
    });
    const refunded = { ...after, gatewayRefundId: g.refundId };
    if (!(await repo.saveApplication(siteOf(scope), app, refunded, [...extra, ...g.items])))
      throw fail.conflict(VISA_APP_MSG.changedMeanwhile);
    await sendGatewayRefundNow(siteOf(scope), g.refundId, scope.now, scope.log);
    await creditNote(scope, refunded, refund, outcome);
    await announce(scope.site, outcome === 'rejected' ? 'visa.rejected' : 'visa.cancelled', refunded, scope.log);
    return refunded;
  }
  if (refund > 0) {
    const { move } = await import('../wallet/index.ts');
    const result = await move(
      'credit',
      {
        siteId: siteOf(scope),
        legalEntityId: app.legalEntityId,
        entryId: `visa-${app.id}-refund`,
        amount: refund,
        currency: app.fee.currency,
        kind: 'refund',
        remark: `Visa application ${app.reference} ${outcome}: refund`,
        byUserId: scope.principal.userId,
        reference: { bookingId: app.id },
        now: scope.now,
      },
      [...repo.applicationWrites(siteOf(scope), app, after), ...extra],
    );
    // 'duplicate': the refund's entry id was used, so this application was closed by another call.
    if (result !== 'done') throw fail.conflict(VISA_APP_MSG.changedMeanwhile);
    await creditNote(scope, after, refund, outcome);
  } else if (!(await repo.saveApplication(siteOf(scope), app, after, extra)))
    throw fail.conflict(VISA_APP_MSG.changedMeanwhile);
  await announce(scope.site, outcome === 'rejected' ? 'visa.rejected' : 'visa.cancelled', after, scope.log);
  return after;
}

async function creditNote(
  scope: SignedInScope,
  app: ApplicationRecord,
  amount: number,
  outcome: 'rejected' | 'cancelled',
) {
  if (!app.invoiceId) return;
  try {
    const { creditNoteVisaRefund } = await import('../invoices/index.ts');
    await creditNoteVisaRefund(scope.site, app, { amount, outcome }, scope.now);
  } catch (err) {
    scope.log.error('visa credit note not issued', { applicationId: app.id, error: String(err) });
  }
}

export async function cancelApplication(scope: SignedInScope, input: In<typeof api.cancelVisaApplication>) {
  const { app } = await visibleApplication(scope, input.applicationId);
  if (app.status === 'cancelled') return app;
  requireStep(app, 'cancelByApplicant');
  return close(scope, app, 'cancelled', input.reason);
}

// ---------------------------------------------------------------------------------------------------
// Documents through short-lived links

export async function documentLink(scope: SignedInScope, input: In<typeof api.visaDocumentLink>) {
  const { app } = await visibleApplication(scope, input.applicationId);
  const doc = [...app.documents, ...app.visas].find((d) => d.documentId === input.documentId);
  if (!doc || !doc.storageKey) throw fail.notFound(VISA_APP_MSG.linkExpired);
  const token = newToken();
  const expiresAt = new Date(scope.now.getTime() + VISA_DOCUMENT_LINK_SECONDS * 1000).toISOString();
  await repo.putDocumentLink(siteOf(scope), sha256(token), {
    applicationId: app.id,
    documentId: doc.documentId,
    expiresAt,
  });
  return { token, expiresAt };
}

export async function documentByLink(scope: { site: SiteRecord; now: Date }, token: string) {
  const link = await repo.getDocumentLink(siteOf(scope), sha256(token));
  if (!link || link.expiresAt <= scope.now.toISOString()) throw fail.gone(VISA_APP_MSG.linkExpired);
  const app = await repo.getApplication(siteOf(scope), link.applicationId);
  const doc = app && [...app.documents, ...app.visas].find((d) => d.documentId === link.documentId);
  const bytes = doc?.storageKey ? await readPrivateDocument(siteOf(scope), doc.storageKey) : null;
  if (!doc || !bytes) throw fail.gone(VISA_APP_MSG.linkExpired);
  return { fileName: doc.fileName, contentType: doc.contentType, dataBase64: Buffer.from(bytes).toString('base64') };
}

// ---------------------------------------------------------------------------------------------------
// Staff

export async function queue(scope: SignedInScope, input: In<typeof api.visaQueue>) {
  const [page, counts, terms] = await Promise.all([
    repo.applicationsOfStatus(siteOf(scope), input.status, { cursor: input.cursor, limit: VISA_QUEUE_PAGE_SIZE }),
    repo.statusCounts(siteOf(scope)),
    visaTerms(siteOf(scope)),
  ]);
  return {
    records: page.records.map(applicationView),
    statuses: VISA_APPLICATION_STATUSES.map((status) => ({ status, count: Math.max(0, counts[status] ?? 0) })),
    nextCursor: page.nextCursor,
    terms,
  };
}

type StatusInput = In<typeof api.setVisaStatus>;

async function requestDocument(scope: SignedInScope, app: ApplicationRecord, input: StatusInput) {
  requireStep(app, 'requestDocument');
  if (input.traveller === undefined || input.traveller >= app.travellers.length)
    throw fail.validation(VISA_APP_MSG.unknownTraveller, { traveller: VISA_APP_MSG.unknownTraveller });
  const wanted = input.document?.trim().toLowerCase();
  const document = app.requiredDocuments.find((d) => d.toLowerCase() === wanted);
  if (!document) throw fail.validation(VISA_APP_MSG.unknownDocument, { document: VISA_APP_MSG.unknownDocument });
  const note = input.note.trim();
  if (!note) throw fail.validation(VISA_APP_MSG.noteRequired, { note: VISA_APP_MSG.noteRequired });
  const held = app.documents.find((d) => d.traveller === input.traveller && d.document === document);
  const documents = held
    ? app.documents.map((d) => (d === held ? { ...d, requested: true, requestNote: note } : d))
    : app.documents;
  const after = bump(scope, app, { status: 'documentsRequested', documents, decisionNote: note });
  return commit(scope, app, after, 'visa.documentRequested', [], {
    document: `${document} of traveller ${input.traveller + 1}`,
  });
}

async function lodge(scope: SignedInScope, app: ApplicationRecord, input: StatusInput) {
  requireStep(app, 'lodge');
  const embassyReference = input.embassyReference.trim();
  if (!embassyReference)
    throw fail.validation(VISA_APP_MSG.embassyReference, { embassyReference: VISA_APP_MSG.embassyReference });
  return commit(scope, app, bump(scope, app, { status: 'lodged', embassyReference }), 'visa.lodged');
}

export async function attachIssuedVisa(scope: SignedInScope, input: In<typeof api.attachVisa>) {
  const { app } = await visibleApplication(scope, input.applicationId);
  requireStep(app, 'attachVisa');
  requireVersion(app, input.version);
  if (input.traveller >= app.travellers.length)
    throw fail.validation(VISA_APP_MSG.unknownTraveller, { traveller: VISA_APP_MSG.unknownTraveller });
  const old = app.visas.find((v) => v.traveller === input.traveller);
  const stored = await savePrivateDocument(siteOf(scope), folderOf(app), input.file);
  const visa: DocumentRecord = {
    documentId: newId(),
    traveller: input.traveller,
    document: 'Visa',
    fileName: input.file.fileName,
    contentType: stored.contentType,
    bytes: stored.bytes,
    storageKey: stored.key,
    uploadedAt: scope.now.toISOString(),
    requested: false,
    requestNote: '',
  };
  const after = bump(scope, app, { visas: [...app.visas.filter((v) => v !== old), visa] });
  try {
    await commit(scope, app, after, null);
  } catch (err) {
    await deletePrivateDocument(siteOf(scope), stored.key).catch(() => undefined);
    throw err;
  }
  if (old?.storageKey) await deletePrivateDocument(siteOf(scope), old.storageKey).catch(() => undefined);
  return after;
}

/** Staff move an application (`visa/staff/setStatus`): each status checks what it needs; the same move again is answered as done. */
export async function setStatus(scope: SignedInScope, input: StatusInput): Promise<ApplicationRecord> {
  const { app } = await visibleApplication(scope, input.applicationId);
  if (app.status === input.status && input.status !== 'documentsRequested') return app;
  requireVersion(app, input.version);
  const note = input.note.trim();
  switch (input.status) {
    case 'documentsRequested':
      return requestDocument(scope, app, input);
    case 'lodged':
      return lodge(scope, app, input);
    case 'approved': {
      requireStep(app, 'approve');
      if (app.travellers.some((_, i) => !app.visas.some((v) => v.traveller === i)))
        throw fail.validation(VISA_APP_MSG.visaMissing);
      const terms = await visaTerms(siteOf(scope));
      const nowIso = scope.now.toISOString();
      const after = bump(scope, app, { status: 'approved', decisionNote: note, decidedAt: nowIso });
      return commit(scope, app, after, 'visa.approved', [
        repo.purgePut(siteOf(scope), app.id, documentsDeleteAfter(nowIso, terms.documentRetentionDays)),
      ]);
    }
    case 'rejected':
      requireStep(app, 'reject');
      return close(scope, app, 'rejected', note);
    case 'cancelled':
      requireStep(app, 'cancelByStaff');
      return close(scope, app, 'cancelled', note);
  }
}

export async function saveTerms(scope: SignedInScope, input: TVisaTerms): Promise<TVisaTerms> {
  const before = await visaTerms(siteOf(scope));
  const audit = auditPut(
    siteOf(scope),
    recordChange('visaTerms', 'terms', before, input),
    auditActor(scope.principal),
    scope.now,
  );
  await repo.saveTerms(siteOf(scope), input, audit);
  return input;
}

// ---------------------------------------------------------------------------------------------------
// Answers (gathered into answered.generated.ts by `npm run derive`)

const view = (a: ApplicationRecord) => applicationView(a);

export const answerStartVisaApplication = answers(api.startVisaApplication, async (input, scope) =>
  reply(view(await startApplication(scope, input)), { message: VISA_APP_MSG.started }),
);
export const answerGetVisaApplication = answers(api.getVisaApplication, async (input, scope) =>
  view((await visibleApplication(scope, input.applicationId)).app),
);
export const answerMyVisaApplications = answers(api.myVisaApplications, (input, scope) => myApplications(scope, input));
export const answerUploadVisaDocument = answers(api.uploadVisaDocument, async (input, scope) =>
  reply(view(await uploadDocument(scope, input)), { message: VISA_APP_MSG.uploaded }),
);
export const answerPayVisaApplication = answers(api.payVisaApplication, async (input, scope) => {
  const paid = await payApplication(scope, input.applicationId, input.method);
  return reply(
    { ...view(paid), redirectTo: paid.redirectTo ?? null },
    { message: paid.redirectTo ? VISA_APP_MSG.paymentStarted : VISA_APP_MSG.paid },
  );
});
export const answerCancelVisaApplication = answers(api.cancelVisaApplication, async (input, scope) =>
  reply(view(await cancelApplication(scope, input)), { message: VISA_APP_MSG.cancelled }),
);
export const answerVisaDocumentLink = answers(api.visaDocumentLink, (input, scope) => documentLink(scope, input));
export const answerVisaDocument = answers(api.visaDocument, (input, scope) => documentByLink(scope, input.token));
export const answerVisaQueue = answers(api.visaQueue, (input, scope) => queue(scope, input));
export const answerAttachVisa = answers(api.attachVisa, async (input, scope) =>
  reply(view(await attachIssuedVisa(scope, input)), { message: VISA_APP_MSG.visaAttached }),
);
const STATUS_MESSAGE = {
  documentsRequested: VISA_APP_MSG.documentRequested,
  lodged: VISA_APP_MSG.lodged,
  approved: VISA_APP_MSG.approved,
  rejected: VISA_APP_MSG.rejected,
  cancelled: VISA_APP_MSG.cancelled,
} as const;
export const answerSetVisaStatus = answers(api.setVisaStatus, async (input, scope) =>
  reply(view(await setStatus(scope, input)), { message: STATUS_MESSAGE[input.status] }),
);
export const answerSaveVisaTerms = answers(api.saveVisaTerms, async (input, scope) =>
  reply(await saveTerms(scope, input), { message: VISA_APP_MSG.settingsSaved }),
);
