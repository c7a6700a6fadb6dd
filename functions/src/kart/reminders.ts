/**
 * The payment-deadline mail (docs/dmc.md "Karts" → "Payment reminders"): the day before a kart's
 * payment deadline, with a balance due, the site's staff get one mail through the email queue. Karts come from
 * the deadline index (one partition per day), never a scan; the idempotency key is kart + deadline, so repeated
 * runs and redeliveries send it once and a moved deadline reminds again.
 */
import { formatMoney } from '@tp/domain/format';
import { kartDeadlineState } from '@tp/domain/dmc';
import { renderMail } from '@tp/mail';
import { log } from '#lib/logger';
import { appLink, enqueueEmail, mailBrand } from '#lib/mail';
import { siteById } from '#lib/tenancy';
import { siteToday } from '#lib/time';
import * as repo from './repo.ts';

const DAY_MS = 86_400_000;

/** The UTC days whose deadline partitions hold every site's "tomorrow" (time zones run from −12 h to +14 h). */
export const reminderDays = (now: Date): string[] =>
  [0, 1, 2].map((n) => new Date(now.getTime() + n * DAY_MS).toISOString().slice(0, 10));

export const reminderKey = (siteId: string, kartId: string, deadline: string): string =>
  `kart-deadline#${siteId}#${kartId}#${deadline}`;

/** Enqueues the reminders due now; answers how many were enqueued. */
export async function sendDeadlineReminders(now: Date = new Date()): Promise<number> {
  let sent = 0;
  for (const day of reminderDays(now)) {
    for (const { siteId, kartId } of await repo.kartsWithDeadline(day)) {
      try {
        const [site, kart] = await Promise.all([siteById(siteId), repo.getKart(siteId, kartId)]);
        if (!site?.adminEmail || !kart?.paymentDeadline) continue;
        if (!kartDeadlineState(kart, kart.totals, siteToday(site, now)).remindToday) continue;
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
        await enqueueEmail({
          siteId,
          to: site.adminEmail,
          ...mail,
          idempotencyKey: reminderKey(siteId, kart.id, kart.paymentDeadline),
        });
        sent += 1;
      } catch (err) {
        log.error('kart deadline reminder failed', { siteId, kartId, error: String(err) });
      }
    }
  }
  if (sent) log.info('kart deadline reminders enqueued', { sent });
  return sent;
}
