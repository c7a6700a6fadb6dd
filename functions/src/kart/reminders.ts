/**
 * The payment-deadline mail (docs/dmc.md "Karts" → "Payment reminders"): the day before a kart's payment deadline,
 * with a balance due, the site's staff get one mail through the email queue. The kart's save writes the reminder
 * as a deadline of the one index (repo.ts `deadlineItems`, due when that day starts on the site's calendar) and the
 * deadline worker calls `remindPaymentDeadline` once; the idempotency key is kart + deadline, so a retried run sends
 * it once and a moved deadline reminds again.
 */
import { formatMoney } from '@tp/domain/format';
import { kartDeadlineState } from '@tp/domain/dmc';
import { renderMail } from '@tp/mail';
import { appLink, enqueueEmail, mailBrand } from '#lib/mail';
import { siteById } from '#lib/tenancy';
import { siteToday } from '#lib/time';
import type { Deadline } from '../deadlines/index.ts';
import * as repo from './repo.ts';

export const reminderKey = (siteId: string, kartId: string, deadline: string): string =>
  `kart-deadline#${siteId}#${kartId}#${deadline}`;

/**
 * The kart's reminder fell due: mailed when the kart still has that deadline and a balance is due today, the day
 * before it (a deadline moved, paid or cancelled meanwhile sends nothing). True when a mail was enqueued.
 */
export async function remindPaymentDeadline(
  d: Pick<Deadline, 'siteId' | 'ref' | 'data'>,
  now: Date,
  deps: { enqueueEmail: typeof enqueueEmail } = { enqueueEmail },
): Promise<boolean> {
  const [site, kart] = await Promise.all([siteById(d.siteId), repo.getKart(d.siteId, d.ref)]);
  if (!site?.adminEmail || !kart?.paymentDeadline || kart.paymentDeadline !== d.data.paymentDeadline) return false;
  if (!kartDeadlineState(kart, kart.totals, siteToday(site, now)).remindToday) return false;
  const balance = formatMoney(kart.totals.balanceDue, kart.currencySymbol);
  const mail = renderMail(mailBrand(site), {
    subject: `Payment due tomorrow: ${kart.kartName} (${kart.quotationId})`,
    preheader: `${balance} is still due from ${kart.customerName}.`,
    heading: 'Payment due tomorrow',
    greeting: 'Hello,',
    paragraphs: [
      `The payment deadline of quotation ${kart.quotationId}, "${kart.kartName}" for ${kart.customerName}, is ${kart.paymentDeadline}.`,
      `Balance due: ${balance} of ${formatMoney(kart.totalPrice, kart.currencySymbol)}.`,
    ],
    action: { label: 'Open quotations', url: appLink(site, '/staff/kart') },
  });
  await deps.enqueueEmail({
    siteId: site.siteId,
    to: site.adminEmail,
    ...mail,
    idempotencyKey: reminderKey(site.siteId, kart.id, kart.paymentDeadline),
  });
  return true;
}
