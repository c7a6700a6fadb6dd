/**
 * Cancelling a paid quotation (docs/dmc.md "Cancellation"): the quotation's cancellation terms (frozen at its last
 * share, else its own, else the site's) give the fee; what was collected beyond it is refunded over the receipts,
 * newest first, each the way its money came: a gateway payment through the gateway refund machinery, a wallet or
 * credit payment back to the agent's wallet, an offline receipt as a refund staff pay and mark paid. Everything is
 * decided in the cancel's own transaction (conditional on the kart's version and money), so parallel cancels
 * refund once; the gateway is asked after the commit (and by the reconciler until it answers).
 */
import type { ParsedRequestOf } from '@tp/contracts/endpoint';
import * as api from '@tp/contracts/endpoints/dmc-payables';
import { PAYABLES_MSG, type TKartCancellation, type TKartRefund } from '@tp/contracts/endpoints/dmc-payables';
import { KART_MSG } from '@tp/contracts/endpoints/kart';
import { allocateRefund, cancellationSettlement, collectedAfter } from '@tp/domain/dmc';
import { answers, reply } from '#lib/answers';
import { auditActor, auditPut, recordChange } from '#lib/audit';
import type { TransactItem } from '#lib/db';
import { fail } from '#lib/errors';
import { siteToday } from '#lib/time';
import { sitePaymentTerms } from '../dmc/index.ts';
import { getUser } from '../users/records.ts';
import { creditItems, gatewayRefundItems, sendGatewayRefundNow } from '../wallet/index.ts';
import { cancellationFeesOf, type KartRecord, type KartStaffScope } from './model.ts';
import * as repo from './repo.ts';
import { receiptsOfKart, type ReceiptRecord } from './receipts-repo.ts';

export interface SettledCancellation {
  kart: KartRecord;
  items: TransactItem[];
  /** Gateway refunds decided with the cancel: sent once it commits. */
  gatewayRefundIds: string[];
}

/** Every receipt of a kart, oldest first (a quotation takes a handful). */
async function allReceipts(siteId: KartStaffScope['site']['siteId'], kartId: string): Promise<ReceiptRecord[]> {
  const out: ReceiptRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await receiptsOfKart(siteId, kartId, { cursor, limit: 100 });
    out.push(...page.records);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out;
}

/**
 * The settlement of a cancel, for the cancel's own transaction: the kart with what it keeps (collected less the
 * refund, the settlement recorded) and the refund writes. Nothing for any other change.
 */
export async function settleCancellation(
  scope: KartStaffScope,
  before: KartRecord | null,
  after: KartRecord,
): Promise<SettledCancellation> {
  if (!before || before.isCancelled || !after.isCancelled) return { kart: after, items: [], gatewayRefundIds: [] };
  const siteId = scope.site.siteId;
  const collected = before.collectedPayment ?? 0;
  const s = cancellationSettlement(
    cancellationFeesOf(before, await sitePaymentTerms(scope)),
    before.arrivalDate,
    siteToday(scope.site, scope.now),
    after.totals.grandTotal,
    collected,
  );
  const at = scope.now.toISOString();
  const plan = s.refund > 0 ? allocateRefund(await allReceipts(siteId, before.id), s.refund) : [];
  const customer = plan.length ? await getUser(siteId, before.customerId) : null;
  const legalEntityId = customer?.legalEntityId ?? before.customerId;
  const remark = `Quotation ${before.quotationId} cancelled`;
  const items: TransactItem[] = [];
  const gatewayRefundIds: string[] = [];
  const refunds: TKartRefund[] = [];
  let toWallet = 0;
  for (const { receipt, amount } of plan) {
    const refund = { receiptId: receipt.id, receiptNumber: receipt.number, amount, paidAt: null, paidReference: null };
    if (receipt.method === 'gateway' && receipt.paymentId && receipt.gateway) {
      const g = gatewayRefundItems({
        siteId,
        source: `KC-${before.id}-${receipt.id}`,
        payment: { paymentId: receipt.paymentId, gateway: receipt.gateway, amount: receipt.amount },
        amount,
        currency: before.currencySymbol,
        legalEntityId,
        userId: before.customerId,
        remark,
        reference: {},
        now: scope.now,
      });
      items.push(...g.items);
      gatewayRefundIds.push(g.refundId);
      refunds.push({ ...refund, via: 'gateway', gatewayRefundId: g.refundId });
    } else if (receipt.method === 'wallet') {
      toWallet = collectedAfter(toWallet, amount);
      refunds.push({
        ...refund,
        via: 'wallet',
        gatewayRefundId: null,
        paidAt: at,
        paidReference: walletRefundEntry(before.id),
      });
    } else {
      refunds.push({ ...refund, via: 'manual', gatewayRefundId: null });
    }
  }
  // One wallet credit for all the wallet receipts: a transaction may touch the balance item once.
  if (toWallet > 0)
    items.push(
      ...creditItems({
        siteId,
        legalEntityId,
        entryId: walletRefundEntry(before.id),
        amount: toWallet,
        currency: before.currencySymbol,
        kind: 'refund',
        remark,
        byUserId: scope.principal.userId,
        now: scope.now,
      }),
    );
  const kept = collectedAfter(collected, -s.refund);
  const cancellation: TKartCancellation = {
    at,
    daysBefore: s.daysBefore,
    feePercent: s.feePercent,
    fee: s.fee,
    feeKept: s.feeKept,
    refund: s.refund,
    refunds,
  };
  const kart: KartRecord = {
    ...after,
    collectedPayment: kept,
    totals: { ...after.totals, collectedPayment: kept, balanceDue: collectedAfter(after.totals.grandTotal, -kept) },
    // A refund moves money as a receipt does: a save that read the money before it fails its condition.
    paidRev: (before.paidRev ?? 0) + (s.refund > 0 ? 1 : 0),
    cancellation,
  };
  return { kart, items, gatewayRefundIds };
}

const walletRefundEntry = (kartId: string) => `kart-${kartId}-cancel`;

/** After the cancel committed: its gateway refunds are sent now (the reconciler sends any this misses). */
export async function sendCancellationRefunds(scope: KartStaffScope, settled: SettledCancellation): Promise<void> {
  for (const refundId of settled.gatewayRefundIds)
    await sendGatewayRefundNow(scope.site.siteId, refundId, scope.now, scope.log);
}

/** Staff mark a hand-paid refund (of an offline receipt) paid, with the bank or cash reference; once. */
export async function markRefundPaid(
  scope: KartStaffScope,
  input: ParsedRequestOf<typeof api.markKartRefundPaid>,
): Promise<TKartCancellation> {
  const siteId = scope.site.siteId;
  const kart = await repo.getKart(siteId, input.id);
  if (!kart) throw fail.notFound();
  const refund = kart.cancellation?.refunds.find((r) => r.receiptId === input.receiptId);
  if (!kart.cancellation || !refund) throw fail.notFound(PAYABLES_MSG.refundNotFound);
  if (refund.via !== 'manual') throw fail.validation(PAYABLES_MSG.refundNotManual);
  // Marked already: the same answer, nothing written again.
  if (refund.paidAt) return kart.cancellation;
  const cancellation: TKartCancellation = {
    ...kart.cancellation,
    refunds: kart.cancellation.refunds.map((r) =>
      r.receiptId === input.receiptId ? { ...r, paidAt: scope.now.toISOString(), paidReference: input.reference } : r,
    ),
  };
  const after: KartRecord = { ...kart, cancellation, version: kart.version + 1, updatedAt: scope.now.toISOString() };
  const ok = await repo.commit([
    ...repo.kartWrites(siteId, after, kart),
    auditPut(siteId, recordChange('kart', kart.id, kart, after), auditActor(scope.principal), scope.now),
  ]);
  if (!ok) throw fail.conflict(KART_MSG.changedMeanwhile);
  return cancellation;
}

// The kart Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerMarkKartRefundPaid = answers(api.markKartRefundPaid, async (input, scope) =>
  reply(await markRefundPaid(scope, input), { message: PAYABLES_MSG.refundPaid }),
);
