/** Mailing an e-ticket on request, and a PNR's transactions. */
import { fail } from '#lib/errors';
import { bookingIdByPnr } from '../../bookings/index.ts';
import { sendETicketMail } from '../eticket-mail.ts';
import * as repo from '../repo.ts';
import { type TicketDeps, type TicketScope, defaultDeps, ownBooking } from './shared.ts';
import * as api from '@tp/contracts/endpoints/tickets';
import * as MSG from '@tp/contracts/messages';
import { answers, reply } from '#lib/answers';

export async function emailTicket(
  scope: TicketScope,
  input: { to: string; bookingId: string; pnr: string; pax?: number | undefined; hidePrice: boolean },
  deps: TicketDeps = defaultDeps,
): Promise<{ ok: true }> {
  const b = await ownBooking(scope, input.bookingId);
  if (b.pnr.toUpperCase() !== input.pnr.toUpperCase()) throw fail.notFound();
  if (input.pax !== undefined && !b.passengers.some((p) => p.paxIndex === input.pax)) throw fail.notFound();
  await sendETicketMail(
    scope.site,
    b,
    scope.now,
    { to: [input.to], hidePrice: input.hidePrice, ...(input.pax === undefined ? {} : { pax: input.pax }) },
    deps,
  );
  return { ok: true };
}

export async function transactionsByPnr(scope: TicketScope, pnr: string) {
  const id = await bookingIdByPnr(scope.site.siteId, pnr.trim());
  if (!id) throw fail.notFound();
  const b = await ownBooking(scope, id);
  // Entries come from the order's payment on: a day before the booking covers a lapsed-then-paid order.
  const since = new Date(Date.parse(b.createdAt) - 86_400_000).toISOString();
  const entries = await repo.walletEntriesOfBooking(scope.site.siteId, b.accounting.legalEntityId, since, b);
  return {
    bookingId: b.bookingId,
    pnr: b.pnr,
    amountCharged: b.accounting.amountCharged,
    paymentMode: b.accounting.paymentMode,
    transactionId: b.accounting.transactionId,
    entries: entries.map((e) => ({
      entryId: String(e.entryId),
      amount: Number(e.amount),
      currency: String(e.currency),
      kind: String(e.kind),
      remark: String(e.remark ?? ''),
      createdAt: String(e.createdAt),
      ...(e.bookingId ? { bookingId: String(e.bookingId) } : {}),
      ...(e.orderId ? { orderId: String(e.orderId) } : {}),
      ...(e.pnr ? { pnr: String(e.pnr) } : {}),
    })),
  };
}

// The tickets Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerSendEmailForWl = answers(api.sendEmailForWl, async (input, scope) =>
  reply(await emailTicket(scope, input), { message: MSG.emailSent }),
);
export const answerSearchTransactionByPNR = answers(api.searchTransactionByPNR, (input, scope) =>
  transactionsByPnr(scope, input.pnr),
);
