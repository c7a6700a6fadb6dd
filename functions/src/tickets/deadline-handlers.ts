/**
 * What the tickets domain does when one of its deadlines falls due (the deadline worker, functions/src/deadlines):
 * the warning before a hold lapses, and the escalation of a disruption nobody has acted on. Both are idempotent:
 * they check the record still needs it and mail under a fixed key.
 */
import { BOOKING_STATUS } from '@tp/contracts/endpoints/flights';
import { formatDateTime } from '@tp/domain/format';
import { disruptionEscalationMail, holdLapsingMail } from '@tp/mail';
import { appLink, enqueueEmail, mailBrand } from '#lib/mail';
import { notify } from '#lib/notify';
import { siteById, siteTimeZone } from '#lib/tenancy';
import { getBooking } from '../bookings/index.ts';
import type { Deadline } from '../deadlines/index.ts';
import { getDisruption, markEscalated } from './disruptions-repo.ts';

interface MailDeps {
  enqueueEmail: typeof enqueueEmail;
}

/**
 * Six hours before a hold lapses: the booker is told, by mail and push as they chose (notification preferences),
 * unless it was ticketed, released or its date moved. Both keys name the deadline, so a retried run tells once.
 */
export async function warnHoldLapsing(
  d: Deadline,
  _now: Date,
  deps: MailDeps & { notify: typeof notify } = { enqueueEmail, notify },
): Promise<void> {
  const [site, b] = await Promise.all([siteById(d.siteId), getBooking(d.siteId, d.ref)]);
  if (!site || !b || b.statusId !== BOOKING_STATUS.held || b.lastTicketDate !== d.data.lastTicketDate) return;
  const lapsesAt = formatDateTime(b.lastTicketDate, { timeZone: siteTimeZone(site) });
  const mail = holdLapsingMail(mailBrand(site), {
    firstName: b.user.firstName,
    pnr: b.pnr,
    lastTicketDate: lapsesAt,
    link: appLink(site, '/flight/ticketQueue'),
  });
  const key = `hold-warning-${b.bookingId}-${b.lastTicketDate}`;
  await deps.enqueueEmail({
    siteId: site.siteId,
    to: [b.user.email],
    ...mail,
    notice: { userId: b.userId, kind: 'holdLapsing' },
    idempotencyKey: key,
  });
  await deps.notify({
    siteId: site.siteId,
    kind: 'holdLapsing',
    to: { userIds: [b.userId] },
    title: 'Held booking about to lapse',
    body: `PNR ${b.pnr} is released at ${lapsesAt} unless it is ticketed.`,
    path: '/flight/ticketQueue',
    idempotencyKey: key,
  });
}

/** A disruption still open at its escalation time: marked escalated once and the site's staff mailed. */
export async function escalateDisruption(d: Deadline, now: Date, deps: MailDeps = { enqueueEmail }): Promise<void> {
  const bookingId = d.data.bookingId ?? '';
  const disruptionId = d.data.disruptionId ?? '';
  const [site, disruption] = await Promise.all([siteById(d.siteId), getDisruption(d.siteId, bookingId, disruptionId)]);
  if (!site || !disruption || disruption.status !== 'open') return;
  // Escalated before (a retried run): the mail's key sends it once.
  if (!(await markEscalated(d.siteId, bookingId, disruptionId, now)) && !disruption.escalatedAt) return;
  if (!site.adminEmail) return;
  const mail = disruptionEscalationMail(mailBrand(site), {
    pnr: disruption.pnr,
    bookerName: disruption.bookerName,
    detectedAt: formatDateTime(disruption.detectedAt),
    link: appLink(site, '/flights/disruptions'),
  });
  await deps.enqueueEmail({
    siteId: site.siteId,
    to: site.adminEmail,
    ...mail,
    idempotencyKey: `disruption-escalation-${bookingId}-${disruptionId}`,
  });
}
