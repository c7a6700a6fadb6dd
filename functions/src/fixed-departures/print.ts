/**
 * fixedDeparture/print/{fdSlug}: one fixed-departure booking for printing, read by its unguessable slug
 * without a login (like the e-ticket link). Prices go only to the booker and the site's staff: a visitor's
 * answer carries zeros, so a forwarded link never shows what the agent paid.
 */
import { FD_TEXT, type TFdPrint } from '@tp/contracts/endpoints/fixed-departures';
import type { TBooking } from '@tp/contracts/endpoints/flights';
import { fail } from '#lib/errors';
import { answers, type PublicScope } from '#lib/answers';
import { getBooking } from '../bookings/index.ts';
import * as repo from './repo.ts';
import * as api from '@tp/contracts/endpoints/fixed-departures';

function withoutPrices(b: TBooking): TBooking {
  const zero = Object.fromEntries(Object.entries(b.fare).map(([k, v]) => [k, typeof v === 'number' ? 0 : v]));
  return {
    ...b,
    fare: zero as TBooking['fare'],
    passengers: b.passengers.map((p) => ({ ...p, fare: { ...p.fare, baseFare: 0, tax: 0, totalFare: 0 } })),
    accounting: { ...b.accounting, amountCharged: 0, refundedAmount: 0, transactionId: null, legalEntityId: '' },
    user: { ...b.user, userId: '', email: '' },
    agentMarkup: 0,
    agentDiscount: 0,
  };
}

export async function printBooking(scope: PublicScope, fdSlug: string): Promise<TFdPrint> {
  const siteId = scope.site.siteId;
  const ref = await repo.getPrint(siteId, fdSlug);
  const stored = ref ? await getBooking(siteId, ref.bookingId) : null;
  if (!ref || !stored) throw fail.notFound(FD_TEXT.printNotFound);
  const { siteId: _s, userId, version: _v, ...booking } = stored;
  const p = scope.principal;
  const showPrice = !!p && (p.userId === userId || p.userType === 'staff');
  const site = scope.site;
  return {
    booking: showPrice ? booking : withoutPrices(booking),
    title: ref.title,
    showPrice,
    site: {
      companyName: site.companyName,
      logoUrl: site.logoUrl || null,
      adminEmail: site.adminEmail,
      adminContact: site.adminContact,
    },
  };
}

// The fixed-departures Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerPrintFixedDeparture = answers(api.printFixedDeparture, (input, scope) =>
  printBooking(scope, input.fdSlug),
);
