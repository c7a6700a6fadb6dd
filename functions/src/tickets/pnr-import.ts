/**
 * PNR import (docs/flights.md "Bookings made elsewhere"): staff bring a booking made outside the platform into the
 * site as an ordinary ticketed booking of a chosen customer (queues, e-ticket, change requests and the invoice work
 * on it). The supplier is asked first (preview), then the booking, its PNR guard (one booking per PNR per site) and
 * its audit entry are one transaction. No wallet money moves: the customer paid outside; the invoice (raised by the
 * after-import hook) states what they owe at the supplier's fare plus the site's markup.
 */
import { BOOKING_STATUS, JOURNEY_TYPE } from '@tp/contracts/endpoints/flights';
import * as api from '@tp/contracts/endpoints/pnr-import';
import { PNR_IMPORT_MSG, type TPnrImportPreview, type TPnrImportRequest } from '@tp/contracts/endpoints/pnr-import';
import { priceFare, type PricedFare, type PricedPaxFare } from '@tp/domain/pricing';
import { answers, reply } from '#lib/answers';
import { auditActor, auditPut, recordChange } from '#lib/audit';
import { conditionFailedAt, transactOrCancellations } from '#lib/db';
import { fail } from '#lib/errors';
import { runHooks } from '#lib/hooks';
import { loadPrincipal, type Principal } from '#lib/principal';
import {
  bookingIdByPnr,
  newBookingItems,
  nextBookingNumber,
  type BookedHook,
  type BookingRecord,
} from '../bookings/index.ts';
import { pricingContextFor } from '../markup/index.ts';
import { supplied, type ImportedBooking } from '../supply/index.ts';
import { userIdByEmail } from '../users/records.ts';
import { defaultDeps, supplyContext, type TicketDeps, type TicketScope } from './operations/shared.ts';

/** What the import needs from the entry: the work after an imported booking (its GST invoice). */
export interface ImportWiring {
  afterImported: readonly BookedHook[];
}

interface Found {
  imported: ImportedBooking;
  supplier: TPnrImportRequest['supplier'];
  customer: Principal;
  priced: { fare: PricedFare; fareBreakdown: PricedPaxFare[] };
}

/** The booking at the supplier and the customer who will own it; refused with a clear message otherwise. */
async function find(scope: TicketScope, input: TPnrImportRequest, deps: TicketDeps): Promise<Found> {
  const siteId = scope.site.siteId;
  const supply = await deps.supplyFor(scope.site);
  if (supply.name !== input.supplier)
    throw fail.validation(PNR_IMPORT_MSG.otherSupplier, { supplier: PNR_IMPORT_MSG.otherSupplier });
  if (!supply.findBookingByPnr) throw fail.validation(PNR_IMPORT_MSG.unsupported);
  const customerId = await userIdByEmail(siteId, input.customerEmail);
  const customer = customerId ? await loadPrincipal(siteId, customerId) : null;
  if (!customer) throw fail.validation(PNR_IMPORT_MSG.noCustomer, { customerEmail: PNR_IMPORT_MSG.noCustomer });
  if (customer.userType === 'staff')
    throw fail.validation(PNR_IMPORT_MSG.staffCustomer, { customerEmail: PNR_IMPORT_MSG.staffCustomer });
  const findBooking = supply.findBookingByPnr.bind(supply);
  const imported = await supplied(() =>
    findBooking(
      { pnr: input.pnr, lastName: input.lastName },
      supplyContext(scope.site, scope.now, scope.ip, scope.log),
    ),
  );
  if (!imported) throw fail.notFound(PNR_IMPORT_MSG.notFound);
  if (imported.status !== 'ticketed') throw fail.validation(PNR_IMPORT_MSG.notTicketed);
  if (await bookingIdByPnr(siteId, imported.pnr)) throw fail.conflict(PNR_IMPORT_MSG.alreadyImported);
  const pricing = await pricingContextFor(scope.site, customer);
  const priced = priceFare(imported.fare, imported.fareBreakdown, imported.airlineCode, pricing);
  return { imported, supplier: input.supplier, customer, priced };
}

const nameOf = (c: Principal) =>
  [c.record.firstName, c.record.lastName].filter((s) => typeof s === 'string' && s.trim()).join(' ') || c.email;

export async function previewPnrImport(
  scope: TicketScope,
  input: TPnrImportRequest,
  deps: TicketDeps = defaultDeps,
): Promise<TPnrImportPreview> {
  const { imported, customer, priced } = await find(scope, input, deps);
  const f = imported.fare;
  return {
    pnr: imported.pnr,
    supplier: input.supplier,
    supplierBookingId: imported.supplierBookingId,
    airlineCode: imported.airlineCode,
    airlineName: imported.airlineName,
    segments: imported.segments,
    passengers: imported.passengers.map((p) => ({
      name: `${p.title} ${p.firstName} ${p.lastName}`,
      paxType: p.paxType,
      ticketNumber: p.ticket?.ticketNumber ?? null,
    })),
    customer: { userId: customer.userId, name: nameOf(customer), email: customer.email, userType: customer.userType },
    currency: f.currency,
    supplierFare: priced.fare.publishedFare,
    invoiceTotal: priced.fare.totalPayable,
    testInventory: Boolean(imported.testInventory),
  };
}

const IMPORTED = 'imported';

/** The imported booking as stored: ticketed, owned by the customer, charged (invoiced) at the priced fare. */
function importedRecord(found: Found, bookingId: string, by: Principal, now: Date): BookingRecord {
  const { imported: x, customer, priced } = found;
  const rec = customer.record;
  const perPax = (type: number) => {
    const f = priced.fareBreakdown.find((p) => p.passengerType === type);
    return { passengerType: type, baseFare: f?.baseFare ?? 0, tax: f?.tax ?? 0, totalFare: f?.totalFare ?? 0 };
  };
  return {
    siteId: customer.siteId,
    userId: customer.userId,
    version: 1,
    bookingId,
    pnr: x.pnr,
    // No order or search of ours: named so the booking's links and reads find none.
    orderId: IMPORTED,
    searchId: IMPORTED,
    resultIndex: '',
    supplierBookingId: x.supplierBookingId,
    source: x.source,
    supplier: found.supplier,
    ...(x.testInventory ? { testInventory: true as const } : {}),
    isLcc: x.isLcc,
    isRefundable: x.isRefundable,
    isDomestic: x.isDomestic,
    // Both ways in one PNR is one booking (a special return), never the first leg of a normal return.
    journeyType: x.segments.length > 1 ? JOURNEY_TYPE.specialReturn : JOURNEY_TYPE.oneWay,
    leg: 1,
    linkedBookingId: null,
    statusId: BOOKING_STATUS.ticketed,
    status: 'Ticketed',
    lastTicketDate: null,
    airlineCode: x.airlineCode,
    airlineName: x.airlineName,
    segments: x.segments.map((trip) =>
      trip.map((s) => ({ ...s, airlinePnr: s.airlinePnr || x.pnr, flightStatus: s.flightStatus || 'Confirmed' })),
    ),
    passengers: x.passengers.map(({ ticket, ...p }, i) => ({
      ...p,
      paxIndex: i,
      ticket,
      baggage: [],
      mealDynamic: [],
      seat: [],
      fare: perPax(p.paxType),
      ...(i === 0 && !p.email ? { email: customer.email } : {}),
    })),
    fare: priced.fare,
    fareRules: [],
    agentMarkup: 0,
    agentDiscount: 0,
    accounting: {
      amountCharged: priced.fare.totalPayable,
      currency: priced.fare.currency,
      // Paid outside the platform: nothing was debited; a refund of it is owed to the customer's wallet.
      paymentMode: 'wallet',
      transactionId: null,
      legalEntityId: customer.legalEntityId,
      refundedAmount: 0,
    },
    user: {
      userId: customer.userId,
      email: customer.email,
      firstName: String(rec.firstName ?? ''),
      lastName: String(rec.lastName ?? ''),
      userType: customer.userType,
      ...(rec.companyName ? { companyName: String(rec.companyName) } : {}),
    },
    ticketCRInfo: [],
    imported: { by: by.userId, at: now.toISOString() },
    supplierChangeReqStatus: null,
    createdAt: now.toISOString(),
    travelDate: x.segments[0]?.[0]?.departureTime ?? now.toISOString(),
    invoiceCreatedOn: now.toISOString(),
  };
}

export async function importPnr(
  scope: TicketScope,
  input: TPnrImportRequest,
  wiring: ImportWiring,
  deps: TicketDeps = defaultDeps,
): Promise<{ bookingId: string; pnr: string }> {
  const found = await find(scope, input, deps);
  const bookingId = String(await nextBookingNumber(scope.site.siteId));
  const record = importedRecord(found, bookingId, scope.principal, scope.now);
  const items = newBookingItems(record);
  const audit = auditPut(
    scope.site.siteId,
    recordChange(
      'booking',
      bookingId,
      null,
      {
        pnr: record.pnr,
        supplier: record.supplier,
        customer: found.customer.email,
        amountCharged: record.accounting.amountCharged,
      },
      'import',
    ),
    auditActor(scope.principal),
    scope.now,
  );
  const codes = await transactOrCancellations([...items, audit]);
  // The PNR's guard (the second item) taken by another import or booking meanwhile: refused, nothing written.
  if (codes && conditionFailedAt(codes, 1)) throw fail.conflict(PNR_IMPORT_MSG.alreadyImported);
  if (codes) throw fail.conflict(PNR_IMPORT_MSG.alreadyImported);
  await runHooks(wiring.afterImported, [scope.site, record, scope.now], (err) =>
    scope.log.error('after-import step failed', { bookingId, detail: String(err) }),
  );
  return { bookingId, pnr: record.pnr };
}

export const answerPreviewPnrImport = answers(api.previewPnrImport, (input, scope) => previewPnrImport(scope, input));
export const answerImportPnr = answers(api.importPnr, async (input, scope, wiring: ImportWiring) =>
  reply(await importPnr(scope, input, wiring), { message: PNR_IMPORT_MSG.imported }),
);
