/**
 * Receipts of quotation payments (docs/dmc.md "Receipts"). Every payment (the gateway's, a wallet debit, an offline
 * receipt staff record) is a numbered receipt, issued once per source in one transaction with the kart's collected
 * amount, which is never typed: it is the sum of the receipts less the refunds. An amount over the balance due is
 * refused; a parallel payment that would overpay loses the kart's condition, is read again and refused.
 */
import * as api from '@tp/contracts/endpoints/kart';
import { KART_PAY_MSG, sharedReceiptPath, type TReceipt } from '@tp/contracts/endpoints/kart';
import type { ParsedRequestOf } from '@tp/contracts/endpoint';
import type { GatewayName } from '@tp/contracts/endpoints/wallet';
import { collectedAfter, paymentAmountProblem, receiptNumber } from '@tp/domain/dmc';
import { formatMoney } from '@tp/domain/format';
import { financialYear } from '@tp/domain/gst';
import { renderMail } from '@tp/mail';
import { answers, reply } from '#lib/answers';
import { newId } from '#lib/crypto';
import type { Page } from '#lib/db';
import { AppError, fail } from '#lib/errors';
import type { SiteId } from '#lib/keys';
import { log } from '#lib/logger';
import { appLink, enqueueEmail, mailBrand } from '#lib/mail';
import { siteById, type SiteRecord } from '#lib/tenancy';
import { siteToday } from '#lib/time';
import { getUser } from '../users/records.ts';
import type { KartScope } from './karts.ts';
import type { KartRecord } from './model.ts';
import * as repo from './repo.ts';
import * as receipts from './receipts-repo.ts';
import type { ReceiptMethod, ReceiptRecord } from './receipts-repo.ts';

export interface IncomingPayment {
  amount: number;
  method: ReceiptMethod;
  reference: string;
  /** The receipt's guard: one receipt per gateway payment, wallet entry or offline entry. */
  source: string[];
  recordedBy: string | null;
  /** A gateway payment's id and gateway, kept on the receipt for a later refund. */
  gatewayPayment?: { paymentId: string; gateway: GatewayName };
}

export const toReceipt = (r: ReceiptRecord): TReceipt => ({
  id: r.id,
  number: r.number,
  kartId: r.kartId,
  quotationId: r.quotationId,
  kartName: r.kartName,
  customerName: r.customerName,
  amount: r.amount,
  currency: r.currency,
  method: r.method,
  reference: r.reference,
  receivedAt: r.receivedAt,
  totalPrice: r.totalPrice,
  collectedAfter: r.collectedAfter,
});

/** The kart after a payment: collected and balance moved, `paidRev` bumped (saves read before it fail). */
function paidKart(kart: KartRecord, amount: number, at: string): KartRecord {
  const collected = collectedAfter(kart.collectedPayment, amount);
  return {
    ...kart,
    collectedPayment: collected,
    totals: {
      ...kart.totals,
      collectedPayment: collected,
      balanceDue: collectedAfter(kart.totals.grandTotal, -collected),
    },
    paidRev: (kart.paidRev ?? 0) + 1,
    updatedAt: at,
  };
}

/**
 * Receives a payment on a kart: its receipt, numbered, with the kart's new collected amount. Answers the receipt
 * already issued when the source has one (a redelivered callback, a retried click); refuses an overpayment and a
 * cancelled quotation (a 400, nothing written).
 */
export async function receive(
  site: SiteRecord,
  kartId: string,
  payment: IncomingPayment,
  now: Date,
): Promise<{ receipt: ReceiptRecord; issued: boolean }> {
  const siteId = site.siteId;
  const fy = financialYear(siteToday(site, now));
  let paid: KartRecord | null = null;
  const r = await receipts
    .issueReceipt({
      siteId,
      fy,
      source: payment.source,
      build: async (sequence) => {
        const kart = await repo.getKart(siteId, kartId);
        if (!kart) throw fail.notFound();
        if (kart.isCancelled) throw fail.validation(KART_PAY_MSG.cancelled);
        const problem = paymentAmountProblem(payment.amount, kart.totals.balanceDue);
        if (problem) throw fail.validation(problem, { amount: problem });
        paid = paidKart(kart, payment.amount, now.toISOString());
        const receipt: ReceiptRecord = {
          id: newId(),
          number: receiptNumber(fy, sequence),
          fy,
          sequence,
          kartId,
          quotationId: kart.quotationId,
          kartName: kart.kartName,
          customerId: kart.customerId,
          customerName: kart.customerName,
          amount: payment.amount,
          currency: kart.currencySymbol,
          method: payment.method,
          reference: payment.reference,
          receivedAt: now.toISOString(),
          recordedBy: payment.recordedBy,
          ...payment.gatewayPayment,
          totalPrice: kart.totalPrice,
          collectedAfter: paid.collectedPayment ?? 0,
        };
        return { receipt, also: repo.kartWrites(siteId, paid, kart) };
      },
    })
    .catch(async (err: unknown) => {
      // A twin of this payment (the same source: a parallel callback or click) issued its receipt between the
      // guard's read and the kart's: the kart then reads paid, which refuses this one. Answer the twin's receipt,
      // so the caller never sends back money that was received.
      const twin = err instanceof AppError ? await receipts.receiptOfSource(siteId, ...payment.source) : null;
      if (twin) return { issued: false as const, id: twin };
      throw err;
    });
  if (!r.issued) {
    const existing = await receipts.getReceipt(siteId, r.id);
    if (!existing) throw new Error(`receipt ${r.id} of its source is missing`);
    return { receipt: existing, issued: false };
  }
  log.info('kart payment received', { siteId, kartId, receipt: r.result.number, method: payment.method });
  await mailReceipt(site, paid!, r.result).catch((err) =>
    log.error('receipt mail not queued', { siteId, kartId, receiptId: r.result.id, error: String(err) }),
  );
  return { receipt: r.result, issued: true };
}

/** The receipt mailed to the quotation's customer (once: keyed by the receipt) as a PDF, with a link to print it. */
async function mailReceipt(site: SiteRecord, kart: KartRecord, receipt: ReceiptRecord): Promise<void> {
  const customer = await getUser(site.siteId, kart.customerId);
  if (!customer?.email) return;
  const money = (v: number) => formatMoney(v, receipt.currency);
  const slug = kart.acceptance?.slug ?? kart.share?.slug;
  const mail = renderMail(mailBrand(site), {
    subject: `Receipt ${receipt.number}: ${money(receipt.amount)} for ${kart.kartName}`,
    preheader: `We received ${money(receipt.amount)} for quotation ${kart.quotationId}.`,
    heading: `Receipt ${receipt.number}`,
    greeting: `Dear ${kart.customerName || 'customer'},`,
    paragraphs: [
      `We received ${money(receipt.amount)} (${api.RECEIPT_METHOD_LABELS[receipt.method]}, reference ${receipt.reference}) for quotation ${kart.quotationId}, "${kart.kartName}".`,
      `Collected so far: ${money(receipt.collectedAfter)} of ${money(receipt.totalPrice)}; balance due ${money(
        collectedAfter(receipt.totalPrice, -receipt.collectedAfter),
      )}.`,
    ],
    ...(slug ? { action: { label: 'View the receipt', url: appLink(site, sharedReceiptPath(slug, receipt.id)) } } : {}),
  });
  // The PDF is rendered only here: pdf-lib loads with the first receipt, not with the kart Lambda.
  const { receiptFileName, receiptPdf } = await import('./receipt-pdf.ts');
  const pdf = await receiptPdf(toReceipt(receipt), siteIssuer(site));
  await enqueueEmail({
    siteId: site.siteId,
    to: customer.email,
    ...mail,
    attachments: [
      {
        filename: receiptFileName(receipt),
        contentType: 'application/pdf',
        contentBase64: Buffer.from(pdf).toString('base64'),
      },
    ],
    idempotencyKey: `kart-receipt#${site.siteId}#${receipt.id}`,
  });
}

/** Staff record an offline receipt (bank transfer, cash) with its reference; one per idempotency key. */
export async function recordOfflineReceipt(
  scope: KartScope,
  input: ParsedRequestOf<typeof api.recordKartReceipt>,
): Promise<TReceipt> {
  const { receipt } = await receive(
    scope.site,
    input.id,
    {
      amount: input.amount,
      method: input.method,
      reference: input.reference.trim(),
      source: ['offline', input.idempotencyKey],
      recordedBy: scope.principal.userId,
    },
    scope.now,
  );
  if (receipt.kartId !== input.id) throw fail.conflict(KART_PAY_MSG.receiptNotFound);
  return toReceipt(receipt);
}

export async function receiptsPage(
  siteId: SiteId,
  kartId: string,
  opts: { cursor?: string | undefined; limit: number },
): Promise<Page<TReceipt>> {
  const page = await receipts.receiptsOfKart(siteId, kartId, opts);
  return { records: page.records.map(toReceipt), nextCursor: page.nextCursor };
}

/** The site as a receipt's issuer. */
export const siteIssuer = (site: SiteRecord) => ({
  companyName: site.companyName,
  logoUrl: site.logoUrl,
  adminContact: site.adminContact,
  adminEmail: site.adminEmail,
});

// ---------------------------------------------------------------------------------------------------
// The gateway's side: a verified payment of a kart becomes its receipt (the wallet domain's port)

export type KartPaymentOutcome = 'received' | 'already' | 'refused';

/**
 * Applies a completed gateway payment to its kart once (the receipt's guard is the payment id): 'refused' when the
 * kart can no longer take it (cancelled, or already paid by a parallel payment): the wallet sends it back.
 */
export async function receiveGatewayPayment(
  siteId: SiteId,
  kartId: string,
  payment: { paymentId: string; transactionId: string; amount: number; gateway: string },
  now: Date,
): Promise<KartPaymentOutcome> {
  const site = await siteById(siteId);
  if (!site) return 'refused';
  try {
    const { issued } = await receive(
      site,
      kartId,
      {
        amount: payment.amount,
        method: 'gateway',
        reference: `${payment.gateway} ${payment.transactionId}`,
        source: ['payment', payment.paymentId],
        recordedBy: null,
        gatewayPayment: { paymentId: payment.paymentId, gateway: payment.gateway as GatewayName },
      },
      now,
    );
    return issued ? 'received' : 'already';
  } catch (err) {
    if (err instanceof AppError && (err.code === 'VALIDATION' || err.code === 'NOT_FOUND')) {
      log.warn('gateway payment not applicable to its quotation', { siteId, kartId, reason: err.message });
      return 'refused';
    }
    throw err;
  }
}

// The kart Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerRecordKartReceipt = answers(api.recordKartReceipt, async (input, scope) =>
  reply(await recordOfflineReceipt(scope, input), { message: KART_PAY_MSG.receiptRecorded }),
);
export const answerGetKartReceipts = answers(api.getKartReceipts, (input, scope) =>
  receiptsPage(scope.site.siteId, input.id, input),
);
export const answerGetKartReceipt = answers(api.getKartReceipt, async (input, scope) => {
  const r = await receipts.getReceipt(scope.site.siteId, input.receiptId);
  if (!r) throw fail.notFound(KART_PAY_MSG.receiptNotFound);
  return { receipt: toReceipt(r), issuer: siteIssuer(scope.site) };
});
