/** What follows a credited refund: the credit note (a refund hook of the wiring) and the refund mail with its breakdown. */
import { formatMoney } from '@tp/domain/format';
import { refundRows } from '@tp/domain/refund';
import { refundMail } from '@tp/mail';
import { createLogger } from '#lib/logger';
import { appLink, enqueueEmail, mailBrand } from '#lib/mail';
import { notify } from '#lib/notify';
import type { SiteRecord } from '#lib/tenancy';
import { gatewayRefundId, sendGatewayRefundNow } from '../../wallet/index.ts';
import {
  runAfterRefunded,
  type BookingRecord,
  type DisruptionRefundedHook,
  type RefundedHook,
} from '../../bookings/index.ts';

/** What settling a change request needs from the entry; the entry builds it (an incomplete one fails tsc). */
export interface RefundWiring {
  /** Run for each change request whose refund was credited (the invoices domain's credit note). */
  afterRefunded: readonly RefundedHook[];
}

/** What acting on a disruption needs from the entry: the credit note of a full refund (the invoices domain's). */
export interface DisruptionRefundWiring {
  afterDisruptionRefunded: readonly DisruptionRefundedHook[];
}

/** What a change request's gateway refund is named after (its refund id at the gateway comes from it). */
export const crRefundSource = (changeRequestId: string) => `CR-${changeRequestId}`;

export interface RefundMailDeps {
  enqueueEmail: typeof enqueueEmail;
  sendGatewayRefundNow: typeof sendGatewayRefundNow;
}

/**
 * Runs after a change request's refund was credited (Refresh Status, the TBO import, a staff approval): the
 * credit note through the refund hooks, then the refund mail to the booker through the email queue, keyed by the
 * change request so a status applied again sends nothing new. Never undoes the refund: failures are logged.
 */
export async function afterRefundCredited(
  site: SiteRecord,
  booking: BookingRecord,
  changeRequestIds: readonly string[],
  now: Date,
  wiring: RefundWiring,
  deps: RefundMailDeps = { enqueueEmail, sendGatewayRefundNow },
): Promise<void> {
  await runAfterRefunded(wiring.afterRefunded, booking, changeRequestIds, now);
  const log = createLogger({ siteId: site.siteId, bookingId: booking.bookingId });
  for (const id of changeRequestIds) {
    const cr = booking.ticketCRInfo.find((c) => c.changeRequestId === id);
    if (!cr?.creditedAt || !cr.breakdown) continue;
    const b = cr.breakdown;
    // The gateway hears of it now; the reconciler follows it until the gateway confirms.
    if (b.destination.kind === 'source')
      await deps.sendGatewayRefundNow(site.siteId, gatewayRefundId(crRefundSource(id)), now, log);
    const mail = refundMail(mailBrand(site), {
      firstName: booking.user.firstName,
      pnr: booking.pnr,
      changeRequestId: id,
      refund: formatMoney(b.refund, b.currency),
      destination: b.destination.text,
      toSource: b.destination.kind === 'source',
      rows: refundRows(b, formatMoney),
      link: appLink(site, '/flight/ticketQueue'),
    });
    await deps
      .enqueueEmail({
        siteId: site.siteId,
        to: [booking.user.email],
        ...mail,
        idempotencyKey: `refund-${booking.bookingId}-${id}`,
        notice: { userId: booking.userId, kind: 'refundCredited' },
      })
      .catch((err: unknown) => log.error('refund mail failed', { changeRequestId: id, detail: String(err) }));
    await notify({
      siteId: site.siteId,
      kind: 'refundCredited',
      to: { userIds: [booking.userId] },
      title: 'Refund credited',
      body: `${formatMoney(b.refund, b.currency)} for PNR ${booking.pnr} was credited to ${b.destination.text}.`,
      path: '/flight/ticketQueue',
      mailedByProducer: true,
      idempotencyKey: `refund#${booking.bookingId}#${id}`,
    });
  }
}
