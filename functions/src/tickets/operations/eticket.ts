/** The e-ticket: its view and the details a booker may change on it. */
import { type TETicket } from '@tp/contracts/endpoints/tickets';
import { round2 } from '@tp/domain/pricing';
import { mayAdjustTicketPrices } from '@tp/domain/roles';
import { fail } from '#lib/errors';
import type { Principal } from '#lib/principal';
import { type SiteRecord } from '#lib/tenancy';
import { getBooking } from '../../bookings/index.ts';
import { eTicketView } from '../views.ts';
import { type TicketScope, isStaff, mutate, ownBooking } from './shared.ts';
import * as api from '@tp/contracts/endpoints/tickets';
import { TICKET_MSG } from '@tp/contracts/endpoints/tickets';
import { answers, reply } from '#lib/answers';

/** Public by bookingId + PNR; prices and editing only for the booking's user or staff. */
export async function ticketDetail(
  scope: { site: SiteRecord; principal: Principal | undefined },
  ref: { bookingId: string; pnr: string },
): Promise<TETicket> {
  const b = await getBooking(scope.site.siteId, ref.bookingId);
  // The PNR must match too: a booking id alone (sequential-looking) does not open a ticket.
  if (!b || b.pnr.toUpperCase() !== ref.pnr.toUpperCase()) throw fail.notFound();
  const p = scope.principal;
  return eTicketView(b, scope.site, !!p && (isStaff(p) || p.userId === b.userId), mayAdjustTicketPrices(p?.userType));
}

export async function updateDetails(
  scope: TicketScope,
  input: { bookingId: string; markup?: number | undefined; discount?: number | undefined },
): Promise<TETicket> {
  // A traveller sees their own prices; markup and discount are an agent's (or staff's) to add.
  if (!mayAdjustTicketPrices(scope.principal.userType)) throw fail.forbidden();
  await ownBooking(scope, input.bookingId);
  const next = await mutate(scope.site.siteId, input.bookingId, (b) => ({
    next: {
      ...b,
      agentMarkup: input.markup === undefined ? b.agentMarkup : round2(input.markup),
      agentDiscount: input.discount === undefined ? b.agentDiscount : round2(input.discount),
    },
  }));
  return eTicketView(next, scope.site, true, true);
}

// The tickets Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerGetTicketDetail = answers(api.getTicketDetail, (input, scope) =>
  ticketDetail({ site: scope.site, principal: scope.principal }, input),
);
export const answerUpdateBookingDetails = answers(api.updateBookingDetails, async (input, scope) =>
  reply(await updateDetails(scope, input), { message: TICKET_MSG.saved }),
);
