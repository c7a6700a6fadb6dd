/**
 * A consumer site served by its supplier site (docs/suppliers.md): the supplier's own supply answers,
 * within the switches the supplier set on the link. The supplier's markup for the consumer is the
 * flights service's business (it reads `supplierSiteId`); this layer only enforces the switches.
 */
import type { TFareRule, TSearchRequest, TSsrCatalogue } from '@tp/contracts/endpoints/flights';
import { HOLD_REFUSAL_MESSAGES, offeredHold } from '@tp/domain/fulfilment';
import {
  SupplyError,
  type BookRequest,
  type BookResult,
  type CalendarFareDay,
  type CalendarFareRequest,
  type ChangeRequestInput,
  type ChangeRequestStatus,
  type FareQuoteResult,
  type FlightSupply,
  type OfferRef,
  type SupplierBookingDetails,
  type SupplyContext,
  type SupplySearchResult,
  type TicketRequest,
  type TicketResult,
} from './types.ts';

export interface SupplierLinkSwitches {
  supplierSiteId: string;
  isFlightSearchAllowed: boolean;
  isFlightHoldAllowed: boolean;
}

export const SEARCH_NOT_ALLOWED = 'Flight search is not allowed by your supplier';
export const HOLD_NOT_ALLOWED = HOLD_REFUSAL_MESSAGES.supplierForbidsHolds;

export class SupplierSiteSupply implements FlightSupply {
  readonly name: string;
  readonly supplierSiteId: string;
  readonly holdAllowed: boolean;

  constructor(
    private readonly link: SupplierLinkSwitches,
    private readonly inner: FlightSupply,
  ) {
    this.name = `site:${link.supplierSiteId}`;
    this.supplierSiteId = link.supplierSiteId;
    // A chain holds only if every supplier along it allows holding.
    this.holdAllowed = link.isFlightHoldAllowed && inner.holdAllowed !== false;
  }

  private searchAllowed() {
    if (!this.link.isFlightSearchAllowed) throw new SupplyError('notAllowed', SEARCH_NOT_ALLOWED);
  }

  private withHold<T extends { isLcc: boolean; isHoldAllowed: boolean }>(o: T): T {
    return offeredHold(o, this.holdAllowed);
  }

  sources(ctx: SupplyContext): Promise<string[]> {
    return this.inner.sources(ctx);
  }

  async search(req: TSearchRequest, ctx: SupplyContext): Promise<SupplySearchResult> {
    this.searchAllowed();
    const res = await this.inner.search(req, ctx);
    return { ...res, results: res.results.map((list) => list.map((o) => this.withHold(o))) };
  }

  async calendarFare(req: CalendarFareRequest, ctx: SupplyContext): Promise<CalendarFareDay[]> {
    this.searchAllowed();
    return this.inner.calendarFare(req, ctx);
  }

  fareRules(ref: OfferRef, ctx: SupplyContext): Promise<TFareRule[]> {
    return this.inner.fareRules(ref, ctx);
  }

  async fareQuote(ref: OfferRef, ctx: SupplyContext): Promise<FareQuoteResult> {
    this.searchAllowed();
    const q = await this.inner.fareQuote(ref, ctx);
    return { ...q, option: this.withHold(q.option) };
  }

  ssr(ref: OfferRef, ctx: SupplyContext): Promise<TSsrCatalogue | null> {
    return this.inner.ssr(ref, ctx);
  }

  /** Booking to ticket at once is a sale, not a hold: only a PNR left on hold needs the hold switch. */
  async book(req: BookRequest, ctx: SupplyContext): Promise<BookResult> {
    if (!this.holdAllowed && !req.ticketAtOnce) throw new SupplyError('notAllowed', HOLD_NOT_ALLOWED);
    return this.inner.book(req, ctx);
  }

  ticket(req: TicketRequest, ctx: SupplyContext): Promise<TicketResult> {
    return this.inner.ticket(req, ctx);
  }

  release(req: { supplierBookingId: string; source: string }, ctx: SupplyContext): Promise<void> {
    return this.inner.release(req, ctx);
  }

  bookingDetails(req: { supplierBookingId: string }, ctx: SupplyContext): Promise<SupplierBookingDetails> {
    return this.inner.bookingDetails(req, ctx);
  }

  findBooking(req: { reference: string; traceId: string }, ctx: SupplyContext): Promise<SupplierBookingDetails | null> {
    return this.inner.findBooking(req, ctx);
  }

  cancellationCharges(
    req: { supplierBookingId: string; requestType: 1 | 2 | 3; ticketIds?: string[] },
    ctx: SupplyContext,
  ): Promise<{ refundAmount: number; cancellationCharge: number; currency: string }> {
    return this.inner.cancellationCharges(req, ctx);
  }

  changeRequest(
    req: ChangeRequestInput,
    ctx: SupplyContext,
  ): Promise<{ changeRequests: { changeRequestId: string; ticketId: string | null }[] }> {
    return this.inner.changeRequest(req, ctx);
  }

  changeRequestStatus(req: { changeRequestId: string }, ctx: SupplyContext): Promise<ChangeRequestStatus> {
    return this.inner.changeRequestStatus(req, ctx);
  }
}
