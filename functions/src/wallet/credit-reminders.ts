/**
 * The due-date reminder (docs/credit-lines.md "Alerts"): from 3 days before a draw's due day, while it is not
 * fully repaid, the legal entity's users get one mail through the email queue. The draw's debit writes the
 * reminder as a deadline of the one index (ledger-repo.ts `dueReminderAt`) and the deadline worker calls
 * `remindCreditDue` once; the draw is marked reminded after the mail is queued, and the idempotency key is the
 * draw, so a run that stops between the two sends nothing twice.
 */
import { outstanding, remindDue } from '@tp/domain/credit';
import { enqueueEmail } from '#lib/mail';
import { siteById } from '#lib/tenancy';
import { siteToday } from '#lib/time';
import type { Deadline } from '../deadlines/index.ts';
import { dueSoonMail } from './credit-mail.ts';
import { creditLineOf, getDraw, markDrawReminded } from './ledger-repo.ts';

export const dueReminderKey = (siteId: string, legalEntityId: string, end: number): string =>
  `credit-due#${siteId}#${legalEntityId}#${end}`;

/**
 * A draw's reminder fell due: mailed while something of it is owed and its due day is within 3 days on the site's
 * calendar (a repaid draw is marked and sends nothing). True when a mail was enqueued.
 */
export async function remindCreditDue(
  d: Pick<Deadline, 'siteId' | 'data'>,
  now: Date,
  deps: { enqueueEmail: typeof enqueueEmail } = { enqueueEmail },
): Promise<boolean> {
  const legalEntityId = d.data.legalEntityId ?? '';
  const end = Number(d.data.end);
  const [site, draw] = await Promise.all([siteById(d.siteId), getDraw(d.siteId, legalEntityId, end)]);
  if (!site || !draw || draw.remindedAt || !remindDue(draw.dueDay, siteToday(site, now))) return false;
  const line = await creditLineOf(d.siteId, legalEntityId);
  const owed = outstanding(draw, line.state);
  let sent = false;
  if (owed > 0) {
    const mail = await dueSoonMail(d.siteId, legalEntityId, { dueDay: draw.dueDay, owed }, line.currency);
    if (mail) {
      await deps.enqueueEmail({ ...mail, idempotencyKey: dueReminderKey(d.siteId, legalEntityId, end) });
      sent = true;
    }
  }
  // Repaid draws are marked too: the record says the reminder's time has come and gone.
  await markDrawReminded(d.siteId, legalEntityId, end, now);
  return sent;
}
