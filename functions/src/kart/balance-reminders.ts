/**
 * The balance reminder to the customer (docs/dmc.md "Reminders"): a quotation accepted or confirmed, not cancelled,
 * with a balance due gets a mail PAYMENT_DUE_SOON_DAYS before the balance's day and one on the day. Both are
 * deadlines of the one deadline index (functions/src/deadlines), written with the change that sets or moves the day;
 * the handler checks the kart still owes that balance on that day and mails under a key of the kart, day and reminder,
 * so a retried run or a stale deadline sends nothing twice.
 */
import { formatDate, formatMoney } from '@tp/domain/format';
import { PAYMENT_DUE_SOON_DAYS, type PaymentTerms } from '@tp/domain/dmc';
import { sharedQuotationPath } from '@tp/contracts/endpoints/kart';
import { renderMail } from '@tp/mail';
import type { TransactItem } from '#lib/db';
import type { SiteId } from '#lib/keys';
import { appLink, enqueueEmail, mailBrand } from '#lib/mail';
import { siteById } from '#lib/tenancy';
import { sitePaymentTerms } from '../dmc/index.ts';
import { deadlineItem, deadlineRemoval, type Deadline } from '../deadlines/index.ts';
import { getUser } from '../users/records.ts';
import { scheduleOf, type KartRecord } from './model.ts';
import * as repo from './repo.ts';

type When = 'before' | 'due';

const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** 09:00 in India (the demo sites' zone) on the day: early enough for the whole working day elsewhere too. */
const morningOf = (day: string): string => `${day}T03:30:00.000Z`;

/** The reminders a kart should have: none unless accepted or confirmed, live, and owing a balance. */
export function balanceReminders(siteId: SiteId, k: KartRecord, siteTerms: PaymentTerms): Deadline[] {
  if (k.isCancelled || !(k.isVouchered || k.acceptance) || k.totals.balanceDue <= 0) return [];
  const due = scheduleOf(k, siteTerms).balanceDueDate;
  const reminders: [When, string][] = [
    ['before', addDays(due, -PAYMENT_DUE_SOON_DAYS)],
    ['due', due],
  ];
  return reminders.map(([when, day]) => ({
    kind: 'kartBalanceReminder',
    siteId,
    ref: `${k.id}-${when}`,
    dueAt: morningOf(day),
    data: { kartId: k.id, dueDate: due, when },
  }));
}

/** The index writes that take a kart's reminders from `before` to `after` (in the change's own transaction). */
export function balanceReminderItems(
  siteId: SiteId,
  before: KartRecord | null,
  after: KartRecord,
  siteTerms: PaymentTerms,
): TransactItem[] {
  const next = balanceReminders(siteId, after, siteTerms);
  const keyOf = (d: Deadline) => `${d.dueAt}#${d.ref}`;
  const kept = new Set(next.map(keyOf));
  const gone = (before ? balanceReminders(siteId, before, siteTerms) : []).filter((d) => !kept.has(keyOf(d)));
  return [...gone.map(deadlineRemoval), ...next.map(deadlineItem)];
}

/** The deadline's handler: mails the customer when the kart still owes a balance on that day. */
export async function remindKartBalance(d: Deadline): Promise<void> {
  const kartId = d.data.kartId ?? '';
  const [site, k] = await Promise.all([siteById(d.siteId), repo.getKart(d.siteId, kartId)]);
  if (!site || !k || k.isCancelled || k.totals.balanceDue <= 0) return;
  const due = scheduleOf(k, await sitePaymentTerms({ site })).balanceDueDate;
  if (due !== d.data.dueDate) return; // moved since: the new day has its own reminders
  const customer = await getUser(site.siteId, k.customerId);
  if (!customer?.email) return;
  const balance = formatMoney(k.totals.balanceDue, k.currencySymbol);
  const today = d.data.when === 'due';
  const mail = renderMail(mailBrand(site), {
    subject: `${today ? 'Balance due today' : `Balance due on ${formatDate(due)}`}: ${k.kartName}`,
    preheader: `${balance} is due for quotation ${k.quotationId}.`,
    heading: today ? 'Your balance is due today' : 'Your balance falls due soon',
    greeting: `Dear ${k.customerName || 'customer'},`,
    paragraphs: [
      `The balance of quotation ${k.quotationId}, "${k.kartName}", arriving ${formatDate(k.arrivalDate)}, is due on ${formatDate(due)}.`,
      `Balance due: ${balance} of ${formatMoney(k.totalPrice, k.currencySymbol)}.`,
    ],
    ...(k.share ? { action: { label: 'Pay now', url: appLink(site, sharedQuotationPath(k.share.slug)) } } : {}),
  });
  await enqueueEmail({
    siteId: site.siteId,
    to: customer.email,
    ...mail,
    idempotencyKey: `kart-balance#${site.siteId}#${k.id}#${due}#${d.data.when}`,
  });
}
