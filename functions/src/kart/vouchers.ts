/**
 * The guest's service vouchers (docs/dmc.md "Paper: vouchers and supplier requests"): built by the domain's
 * `serviceVouchers` from the kart, its hotels' masters and what the suppliers confirmed; printed by staff and on the
 * shared link once vouchered, and mailed to the customer as one PDF when the quotation is vouchered.
 */
import * as api from '@tp/contracts/endpoints/kart-paper';
import { KART_PAPER_MSG, sharedVouchersPath, type TVoucherSet } from '@tp/contracts/endpoints/kart-paper';
import { KART_MSG } from '@tp/contracts/endpoints/kart';
import { serviceVouchers, type VoucherContact } from '@tp/domain/dmc';
import { formatDate } from '@tp/domain/format';
import { vouchersMail } from '@tp/mail';
import { answers } from '#lib/answers';
import { fail } from '#lib/errors';
import { log } from '#lib/logger';
import { appLink, enqueueEmail, mailBrand } from '#lib/mail';
import type { SiteRecord } from '#lib/tenancy';
import { getDmcRecords } from '../dmc/index.ts';
import { getUser } from '../users/records.ts';
import type { KartRecord } from './model.ts';
import * as repo from './repo.ts';
import { supplierRequestsOf } from './supplier-requests-repo.ts';

/** The vouchers of a vouchered kart with the site as their issuer. */
export async function voucherSetOf(site: SiteRecord, kart: KartRecord): Promise<TVoucherSet> {
  const siteId = site.siteId;
  const hotelIds = [...new Set(kart.accomodations.map((l) => l.accomodationId))];
  const [hotels, requests] = await Promise.all([
    getDmcRecords(siteId, 'hotel', hotelIds),
    supplierRequestsOf(siteId, kart.id),
  ]);
  const confirmed = new Map(
    requests.flatMap((r) =>
      r.status === 'confirmed' && r.confirmationNumber ? [[r.lineId, r.confirmationNumber]] : [],
    ),
  );
  // The DMC runs its activities and transfers: its name and phone (its e-mail heads every voucher).
  const operator: VoucherContact = { name: site.companyName, address: '', phone: site.adminContact };
  const set = serviceVouchers(kart, kart.customerName, {
    hotels: new Map(hotels.map((h) => [h.id, { name: h.name, address: h.address, phone: h.phoneNumber }])),
    operator,
    confirmed: confirmed as Map<string, string>,
    cancellationTerms: KART_PAPER_MSG.cancellationTerms,
  });
  const issuer = {
    companyName: site.companyName,
    logoUrl: site.logoUrl,
    adminContact: site.adminContact,
    adminEmail: site.adminEmail,
  };
  return { ...set, issuer };
}

const requireVouchered = (kart: KartRecord | null): KartRecord => {
  if (!kart) throw fail.notFound();
  if (!kart.isVouchered || kart.isCancelled) throw fail.conflict(KART_PAPER_MSG.notVouchered);
  return kart;
};

export async function kartVouchers(site: SiteRecord, id: string): Promise<TVoucherSet> {
  return voucherSetOf(site, requireVouchered(await repo.getKart(site.siteId, id)));
}

/** The shared link's vouchers: only on the site that shared it, only once vouchered. */
export async function sharedVouchers(site: SiteRecord, slug: string): Promise<TVoucherSet> {
  const shared = await repo.getShare(site.siteId, slug);
  if (!shared) throw fail.notFound(KART_MSG.sharedNotFound);
  return voucherSetOf(site, requireVouchered(await repo.getKart(site.siteId, shared.kartId)));
}

export const vouchersFileName = (quotationId: string): string => `vouchers-${quotationId}.pdf`;

/** A supplier's confirmation that sends the vouchers again, now carrying its number. */
interface SupplierConfirmation {
  lineId: string;
  supplierName: string;
  service: string;
  reference: string;
  confirmationNumber: string;
  /** The request's time: with the line, the mail's key (a line is requested, so confirmed, once). */
  requestedAt: string;
}

/**
 * The confirmation to the customer with every voucher as one PDF, once per vouchering (keyed by the kart's
 * version), and again once per supplier confirmation (keyed by the request), the vouchers then printing its number.
 * Never undoes the voucher or the answer: a failure is logged.
 */
export async function mailVouchers(
  site: SiteRecord,
  kart: KartRecord,
  supplierConfirmed?: SupplierConfirmation,
): Promise<boolean> {
  try {
    const customer = await getUser(site.siteId, kart.customerId);
    if (!customer?.email) return false;
    const set = await voucherSetOf(site, kart);
    if (!set.vouchers.length) return false;
    const slug = kart.acceptance?.slug ?? kart.share?.slug;
    const mail = vouchersMail(mailBrand(site), {
      customerName: kart.customerName,
      kartName: kart.kartName,
      quotationId: kart.quotationId,
      services: set.vouchers.map(
        (v) =>
          `${v.reference}: ${v.service}${v.date ? `, ${formatDate(v.date)}` : ''}${v.time ? ` ${v.time}` : ''}${
            v.confirmationNumber ? `, confirmation number ${v.confirmationNumber}` : ''
          }`,
      ),
      link: slug ? appLink(site, sharedVouchersPath(slug)) : null,
      ...(supplierConfirmed ? { supplierConfirmed } : {}),
    });
    // pdf-lib and the QR encoder load with the first voucher mail, not with the kart Lambda.
    const { vouchersPdf } = await import('./voucher-pdf.ts');
    const pdf = await vouchersPdf(set);
    await enqueueEmail({
      siteId: site.siteId,
      to: customer.email,
      ...mail,
      attachments: [
        {
          filename: vouchersFileName(kart.quotationId),
          contentType: 'application/pdf',
          contentBase64: Buffer.from(pdf).toString('base64'),
        },
      ],
      // The customer's choice for "my quotation confirmed" decides the mail (the push goes through the worker).
      notice: { userId: kart.customerId, kind: 'quotationConfirmed' },
      idempotencyKey: supplierConfirmed
        ? `kart-vouchers-confirmed#${site.siteId}#${kart.id}#${supplierConfirmed.lineId}#${supplierConfirmed.requestedAt}`
        : `kart-vouchers#${site.siteId}#${kart.id}#${kart.version}`,
    });
    return true;
  } catch (err) {
    log.error('voucher mail not queued', { siteId: site.siteId, kartId: kart.id, error: String(err) });
    return false;
  }
}

// The kart Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerGetKartVouchers = answers(api.getKartVouchers, (input, scope) => kartVouchers(scope.site, input.id));
export const answerGetSharedVouchers = answers(api.getSharedVouchers, (input, scope) =>
  sharedVouchers(scope.site, input.slug),
);
