/**
 * The credit-line mails (docs/credit-lines.md "Alerts"): credit left at or below 40 % / 20 % of the limit, and a
 * draw due in 3 days. They go to every user who books as the legal entity, through the email queue; callers
 * give the idempotency key (the movement or the draw), so a mail is sent once per crossing or per draw.
 */
import * as MSG from '@tp/contracts/messages';
import { creditLeft, creditUsed, toRupees, type CreditState, type CreditThreshold } from '@tp/domain/credit';
import { formatDate, formatMoney } from '@tp/domain/format';
import { renderMail } from '@tp/mail';
import type { SiteId } from '#lib/keys';
import { appLink, mailBrand, type TEmailMessage } from '#lib/mail';
import { siteById } from '#lib/tenancy';
import { getUser, legalEntityUserIds } from '../users/index.ts';

/** At most this many addressees per mail (a legal entity with more users is a large agency's staff list). */
const MAX_TO = 20;

async function recipients(siteId: SiteId, legalEntityId: string): Promise<string[]> {
  const ids = (await legalEntityUserIds(siteId, legalEntityId)).slice(0, MAX_TO);
  const users = await Promise.all(ids.map((id) => getUser(siteId, id)));
  return [...new Set(users.flatMap((u) => (u?.email ? [u.email] : [])))];
}

type Mail = Omit<TEmailMessage, 'idempotencyKey'>;

export async function lowCreditMail(
  siteId: SiteId,
  legalEntityId: string,
  s: CreditState,
  threshold: CreditThreshold,
  currency: string,
): Promise<Mail | null> {
  const [site, to] = await Promise.all([siteById(siteId), recipients(siteId, legalEntityId)]);
  if (!site || !to.length) return null;
  const left = formatMoney(toRupees(creditLeft(s)), currency);
  return {
    siteId,
    to,
    ...renderMail(mailBrand(site), {
      subject: MSG.creditLowSubject(threshold),
      preheader: `${left} of credit left.`,
      heading: MSG.creditLowSubject(threshold),
      greeting: 'Hello,',
      paragraphs: [
        `Your credit left is ${left} of your ${formatMoney(toRupees(s.limit), currency)} credit limit (${formatMoney(toRupees(creditUsed(s)), currency)} in use).`,
        'Add money to your wallet to pay off the oldest amount first and keep booking on credit.',
      ],
      action: { label: 'Open wallet', url: appLink(site, '/user/transactionHistory') },
    }),
  };
}

export async function dueSoonMail(
  siteId: SiteId,
  legalEntityId: string,
  due: { dueDay: string; owed: number },
  currency: string,
): Promise<Mail | null> {
  const [site, to] = await Promise.all([siteById(siteId), recipients(siteId, legalEntityId)]);
  if (!site || !to.length) return null;
  const amount = formatMoney(toRupees(due.owed), currency);
  const day = formatDate(due.dueDay);
  return {
    siteId,
    to,
    ...renderMail(mailBrand(site), {
      subject: MSG.creditDueSoonSubject(day),
      preheader: `${amount} of credit is due on ${day}.`,
      heading: MSG.creditDueSoonSubject(day),
      greeting: 'Hello,',
      paragraphs: [
        `${amount} you booked on credit is due on ${day}.`,
        'Once it is overdue, new bookings are refused until it is paid. Add money to your wallet to pay it.',
      ],
      action: { label: 'Open wallet', url: appLink(site, '/user/transactionHistory') },
    }),
  };
}
