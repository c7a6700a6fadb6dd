/**
 * The due-date reminder (docs/credit-lines.md "Alerts"): from 3 days before a draw's due day, while it is not
 * fully repaid, the legal entity's users get one mail through the email queue. Draws come from the due-day
 * index (one partition per day), never a scan; the draw is marked reminded after the mail is queued, and the
 * idempotency key is the draw, so a run that stops between the two sends nothing twice.
 */
import { addCalendarDays, outstanding, remindDue, DUE_REMINDER_DAYS } from '@tp/domain/credit';
import { log } from '#lib/logger';
import { enqueueEmail } from '#lib/mail';
import { siteById } from '#lib/tenancy';
import { siteToday } from '#lib/time';
import { dueSoonMail } from './credit-mail.ts';
import { creditLineOf, drawsDueOn, markDrawReminded } from './ledger-repo.ts';

/** The due days any site may remind today: UTC's today ± a day (time zones) up to 3 days ahead. */
export const dueDaysToCheck = (now: Date): string[] => {
  const utc = now.toISOString().slice(0, 10);
  return Array.from({ length: DUE_REMINDER_DAYS + 3 }, (_, i) => addCalendarDays(utc, i - 1));
};

export const dueReminderKey = (siteId: string, legalEntityId: string, end: number): string =>
  `credit-due#${siteId}#${legalEntityId}#${end}`;

/** Enqueues the reminders due now; answers how many were enqueued. */
export async function sendCreditDueReminders(now: Date = new Date()): Promise<number> {
  let sent = 0;
  for (const day of dueDaysToCheck(now)) {
    for (const draw of await drawsDueOn(day)) {
      if (draw.remindedAt) continue;
      try {
        const site = await siteById(draw.siteId);
        if (!site || !remindDue(draw.dueDay, siteToday(site, now))) continue;
        const line = await creditLineOf(draw.siteId, draw.legalEntityId);
        const owed = outstanding(draw, line.state);
        if (owed > 0) {
          const mail = await dueSoonMail(draw.siteId, draw.legalEntityId, { dueDay: draw.dueDay, owed }, line.currency);
          if (mail) {
            await enqueueEmail({ ...mail, idempotencyKey: dueReminderKey(draw.siteId, draw.legalEntityId, draw.end) });
            sent += 1;
          }
        }
        // Repaid draws are marked too: a later run need not read them again.
        await markDrawReminded(draw.siteId, draw.legalEntityId, draw.end, now);
      } catch (err) {
        log.error('credit due reminder failed', {
          siteId: draw.siteId,
          legalEntityId: draw.legalEntityId,
          error: String(err),
        });
      }
    }
  }
  if (sent) log.info('credit due reminders enqueued', { sent });
  return sent;
}
