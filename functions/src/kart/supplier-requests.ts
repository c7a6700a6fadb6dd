/**
 * Supplier booking requests (docs/dmc.md "Paper: vouchers and supplier requests"). Vouchering mails each hotel of
 * the quotation (its master's e-mail) a request with a link that needs no sign-in: `<kart>~<line>~<secret>`, the
 * secret 256 random bits of which only the SHA-256 is stored (as the driver links keep theirs), good for that one
 * request and for SUPPLIER_LINK_DAYS. On its page the supplier confirms with its confirmation number or declines
 * with a reason, once. A decline tells staff: the site's inbox by mail, and a push to the staff who build
 * quotations (the notifications worker).
 *
 * Refusals say what is wrong: a token whose secret does not match is 403 (tampered), a request this site does not
 * hold 404 (another site's link), an expired link 410, an answered one 409 naming its answer.
 */
import { timingSafeEqual } from 'node:crypto';
import * as api from '@tp/contracts/endpoints/kart-paper';
import {
  KART_PAPER_MSG,
  SUPPLIER_TOKEN,
  supplierRequestPath,
  type TKartSupplierRequest,
  type TSupplierRequestView,
} from '@tp/contracts/endpoints/kart-paper';
import {
  serviceVouchers,
  supplierAnswerRefusal,
  supplierLinkExpiry,
  supplierServices,
  voucherParty,
} from '@tp/domain/dmc';
import { formatDate } from '@tp/domain/format';
import { supplierDeclinedMail, supplierRequestMail } from '@tp/mail';
import { answers, reply, type Scope } from '#lib/answers';
import { newToken, sha256 } from '#lib/crypto';
import { fail } from '#lib/errors';
import type { SiteId } from '#lib/keys';
import { log } from '#lib/logger';
import { appLink, enqueueEmail, mailBrand } from '#lib/mail';
import { notify } from '#lib/notify';
import type { SiteRecord } from '#lib/tenancy';
import { getDmcRecords } from '../dmc/index.ts';
import type { KartRecord } from './model.ts';
import * as repo from './repo.ts';
import * as requests from './supplier-requests-repo.ts';
import { mailVouchers } from './vouchers.ts';
import type { SupplierRequestRecord } from './supplier-requests-repo.ts';

/** The staff's page of a quotation (the builder opens it by its id). */
const kartPath = (kartId: string) => `/staff/kart?kart=${kartId}`;

/** Each supplied line's supplier: its name and e-mail from the master (hotels; activities name no operator yet). */
async function suppliersOf(siteId: SiteId, kart: KartRecord) {
  const hotelIds = [...new Set(kart.accomodations.map((l) => l.accomodationId))];
  const hotels = await getDmcRecords(siteId, 'hotel', hotelIds);
  return new Map(hotels.map((h) => [h.id, { name: h.name, email: h.email.trim(), contact: h }]));
}

/**
 * The requests a vouchered kart makes of its suppliers (those with an e-mail), each with its link's secret: the
 * records vouchering stores, and the demo data's (scripts/seed/karts.ts), so both keep one shape.
 */
export function supplierRequestRecords(
  kart: KartRecord,
  suppliers: ReadonlyMap<string, { name: string; email: string }>,
  at: string,
): { record: SupplierRequestRecord; secret: string }[] {
  const vouchers = serviceVouchers(kart, kart.customerName, {
    hotels: new Map(),
    operator: { name: '', address: '', phone: '' },
    confirmed: new Map(),
    cancellationTerms: '',
  }).vouchers;
  const referenceOf = (lineId: string) =>
    vouchers.find((v) => v.lineId === lineId && v.kind !== 'transfer')?.reference ?? kart.quotationId;
  const leadGuest = voucherParty(kart, kart.customerName).leadGuest;
  return supplierServices(kart).flatMap((s) => {
    const supplier = suppliers.get(s.supplierId);
    if (!supplier?.email) return [];
    const secret = newToken();
    const record: SupplierRequestRecord = {
      kartId: kart.id,
      lineId: s.lineId,
      section: s.section,
      supplierId: s.supplierId,
      supplierName: supplier.name,
      supplierEmail: supplier.email,
      service: s.service,
      details: s.details,
      reference: referenceOf(s.lineId),
      leadGuest,
      secretHash: sha256(secret),
      requestedAt: at,
      expiresAt: supplierLinkExpiry(at),
      status: 'requested',
      confirmationNumber: null,
      reason: null,
      answeredAt: null,
    };
    return [{ record, secret }];
  });
}

/**
 * Vouchering's supplier step: a request for every supplied service not yet requested, each mailed once. Called
 * after the voucher committed; never undoes it (a failure is logged, and the next save of the vouchered kart
 * requests what is missing).
 */
export async function requestSuppliers(scope: { site: SiteRecord; now: Date }, kart: KartRecord): Promise<void> {
  const site = scope.site;
  try {
    if (!supplierServices(kart).length) return;
    const [suppliers, existing] = await Promise.all([
      suppliersOf(site.siteId, kart),
      requests.supplierRequestsOf(site.siteId, kart.id),
    ]);
    const asked = new Set(existing.map((r) => r.lineId));
    await Promise.all(
      supplierRequestRecords(kart, suppliers, scope.now.toISOString())
        .filter(({ record }) => !asked.has(record.lineId))
        .map(async ({ record, secret }) => {
          if (!(await requests.putSupplierRequest(site.siteId, record))) return;
          const link = appLink(site, supplierRequestPath(`${kart.id}~${record.lineId}~${secret}`));
          await enqueueEmail({
            siteId: site.siteId,
            to: record.supplierEmail,
            ...supplierRequestMail(mailBrand(site), {
              supplierName: record.supplierName,
              reference: record.reference,
              service: record.service,
              details: record.details,
              leadGuest: record.leadGuest,
              link,
              expiresOn: formatDate(record.expiresAt.slice(0, 10)),
            }),
            idempotencyKey: `kart-supplier-request#${site.siteId}#${kart.id}#${record.lineId}`,
          });
        }),
    );
  } catch (err) {
    log.error('supplier requests not sent', { siteId: site.siteId, kartId: kart.id, error: String(err) });
  }
}

/** Each supplied service of the kart with its supplier's status (null: nobody could be asked). */
export async function kartSupplierRequests(scope: Scope, id: string): Promise<TKartSupplierRequest[]> {
  const siteId = scope.site.siteId;
  const kart = await repo.getKart(siteId, id);
  if (!kart) throw fail.notFound();
  const services = supplierServices(kart);
  const [suppliers, stored] = await Promise.all([
    suppliersOf(siteId, kart),
    requests.supplierRequestsOf(siteId, kart.id),
  ]);
  const byLine = new Map(stored.map((r) => [r.lineId, r]));
  return services.map((s) => {
    const r = byLine.get(s.lineId);
    return {
      lineId: s.lineId,
      section: s.section,
      service: s.service,
      supplierName: r?.supplierName ?? suppliers.get(s.supplierId)?.name ?? '',
      status: r?.status ?? null,
      confirmationNumber: r?.confirmationNumber ?? null,
      reason: r?.reason ?? null,
      requestedAt: r?.requestedAt ?? null,
      answeredAt: r?.answeredAt ?? null,
      expiresAt: r?.expiresAt ?? null,
    };
  });
}

// ---------------------------------------------------------------------------------------------------
// The supplier's link

const sameHash = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The request a token opens on this site, or the refusal that says why not. */
async function openRequest(site: SiteRecord, token: string): Promise<SupplierRequestRecord> {
  const m = SUPPLIER_TOKEN.exec(token);
  if (!m) throw fail.forbidden(KART_PAPER_MSG.linkNotValid);
  const [, kartId, lineId, secret] = m as unknown as [string, string, string, string];
  const r = await requests.getSupplierRequest(site.siteId, kartId, lineId);
  if (!r) throw fail.notFound(KART_PAPER_MSG.requestNotFound);
  if (!sameHash(sha256(secret), r.secretHash)) throw fail.forbidden(KART_PAPER_MSG.linkNotValid);
  return r;
}

const viewOf = (site: SiteRecord, r: SupplierRequestRecord): TSupplierRequestView => ({
  reference: r.reference,
  supplierName: r.supplierName,
  service: r.service,
  details: r.details,
  leadGuest: r.leadGuest,
  status: r.status,
  confirmationNumber: r.confirmationNumber,
  reason: r.reason,
  expiresAt: r.expiresAt,
  answeredAt: r.answeredAt,
  requestedBy: { companyName: site.companyName, adminContact: site.adminContact, adminEmail: site.adminEmail },
});

export async function supplierRequest(scope: Scope, token: string): Promise<TSupplierRequestView> {
  const r = await openRequest(scope.site, token);
  // An answered request stays readable (the supplier checks what it sent); an open one only until it expires.
  if (r.status === 'requested' && scope.now.toISOString() >= r.expiresAt) throw fail.gone(KART_PAPER_MSG.linkExpired);
  return viewOf(scope.site, r);
}

function refuseAnswer(r: SupplierRequestRecord, nowIso: string): void {
  const refusal = supplierAnswerRefusal(r, nowIso);
  if (refusal === 'expired') throw fail.gone(KART_PAPER_MSG.linkExpired);
  if (refusal === 'alreadyConfirmed') throw fail.conflict(KART_PAPER_MSG.alreadyConfirmed(r.confirmationNumber ?? ''));
  if (refusal === 'alreadyDeclined') throw fail.conflict(KART_PAPER_MSG.alreadyDeclined);
}

export async function answerRequest(
  scope: Scope,
  input: { token: string; decision: 'confirm' | 'decline'; confirmationNumber: string; reason: string },
): Promise<TSupplierRequestView> {
  const site = scope.site;
  const nowIso = scope.now.toISOString();
  const r = await openRequest(site, input.token);
  refuseAnswer(r, nowIso);
  const kart = await repo.getKart(site.siteId, r.kartId);
  if (!kart || kart.isCancelled) throw fail.conflict(KART_PAPER_MSG.bookingCancelled);
  const number = input.confirmationNumber.trim();
  const reason = input.reason.trim();
  if (input.decision === 'confirm' && !number)
    throw fail.validation(KART_PAPER_MSG.numberRequired, { confirmationNumber: KART_PAPER_MSG.numberRequired });
  if (input.decision === 'decline' && !reason)
    throw fail.validation(KART_PAPER_MSG.reasonRequired, { reason: KART_PAPER_MSG.reasonRequired });
  const next: SupplierRequestRecord = {
    ...r,
    status: input.decision === 'confirm' ? 'confirmed' : 'declined',
    confirmationNumber: input.decision === 'confirm' ? number : null,
    reason: input.decision === 'decline' ? reason : null,
    answeredAt: nowIso,
  };
  if (!(await requests.answerSupplierRequest(site.siteId, next))) {
    // Another answer got there first: refuse with what it was.
    const now = await requests.getSupplierRequest(site.siteId, r.kartId, r.lineId);
    if (now) refuseAnswer(now, nowIso);
    throw fail.conflict(KART_PAPER_MSG.alreadyDeclined);
  }
  log.info('supplier answered a booking request', { siteId: site.siteId, kartId: r.kartId, status: next.status });
  if (next.status === 'declined') await alertDeclined(site, kart, next);
  // The customer gets the vouchers again, now printing the supplier's number (once per request).
  else if (kart.isVouchered)
    await mailVouchers(site, kart, {
      lineId: next.lineId,
      supplierName: next.supplierName,
      service: next.service,
      reference: next.reference,
      confirmationNumber: number,
      requestedAt: next.requestedAt,
    });
  return viewOf(site, next);
}

/** Staff hear of a decline: a mail to the site's inbox and a push to those who build quotations. */
async function alertDeclined(site: SiteRecord, kart: KartRecord, r: SupplierRequestRecord): Promise<void> {
  const path = kartPath(kart.id);
  const key = `kart-supplier-declined#${site.siteId}#${kart.id}#${r.lineId}#${r.requestedAt}`;
  if (site.adminEmail)
    await enqueueEmail({
      siteId: site.siteId,
      to: site.adminEmail,
      ...supplierDeclinedMail(mailBrand(site), {
        supplierName: r.supplierName,
        reference: r.reference,
        service: r.service,
        quotation: `${kart.quotationId} "${kart.kartName}"`,
        reason: r.reason ?? '',
        link: appLink(site, path),
      }),
      idempotencyKey: key,
    }).catch((err) => log.error('decline mail not queued', { siteId: site.siteId, error: String(err) }));
  await notify({
    siteId: site.siteId,
    kind: 'bookingRequestDeclined',
    to: { staff: true, permission: 'dmc.karts' },
    title: 'Booking request declined',
    body: `${r.supplierName} declined ${r.service} (${r.reference}): ${r.reason ?? ''}`.slice(0, 400),
    path,
    idempotencyKey: key,
  });
}

// The kart Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerGetSupplierRequest = answers(api.getSupplierRequest, (input, scope) =>
  supplierRequest(scope, input.token),
);
export const answerAnswerSupplierRequest = answers(api.answerSupplierRequest, async (input, scope) => {
  const view = await answerRequest(scope, input);
  return reply(view, {
    message: view.status === 'confirmed' ? KART_PAPER_MSG.confirmed : KART_PAPER_MSG.declined,
  });
});
export const answerGetKartSupplierRequests = answers(api.getKartSupplierRequests, async (input, scope) => ({
  requests: await kartSupplierRequests(scope, input.id),
}));
