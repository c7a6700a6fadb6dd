/** The TBO-style consolidator adapter (flight-supply.md "The flow"): our supply calls over its REST API. */
import type { TFareRule, TSearchRequest, TSegment, TSsrCatalogue } from '@tp/contracts/endpoints/flights';
import { round2 } from '@tp/domain/pricing';
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
  type ImportedBooking,
  type OfferRef,
  type SupplierBookingDetails,
  type SupplyContext,
  type SupplySearchResult,
  type TicketRequest,
  type TicketResult,
} from '../types.ts';
import { TboClient, dynamoTokenCache, type TboSettings, type TokenCache } from './client.ts';
import {
  fromTboFare,
  fromTboItinerarySegments,
  fromTboResult,
  fromTboSsr,
  importedOfTbo,
  toTboPassenger,
  toTboSearch,
  TBO_BOOKING_STATUS,
  TBO_CR_STATUS,
} from './map.ts';
import type { SiteId } from '#lib/keys';

type Json = Record<string, any>; // supplier JSON, read field by field

const published = (f: ReturnType<typeof fromTboFare>) =>
  round2(f.baseFare + f.tax + f.otherCharges + f.serviceFee + f.txnFee);
const TBO_SOURCES = ['GDS', '6E', 'SG', 'G8', 'QP', 'IX', 'I5', 'FZ', 'G9', 'TR', 'AK'];

/** Our booking reference, as the consolidator's agent reference on Book and Ticket. */
const agentReference = (req: { reference?: string | undefined }) =>
  req.reference ? { AgentReferenceNo: req.reference } : {};

function detailsOf(it: Json, supplierBookingId: string): SupplierBookingDetails {
  return {
    pnr: String(it.PNR ?? ''),
    supplierBookingId: String(it.BookingId ?? supplierBookingId),
    status: TBO_BOOKING_STATUS[Number(it.Status) as keyof typeof TBO_BOOKING_STATUS] ?? 'failed',
    lastTicketDate: it.LastTicketDate ? String(it.LastTicketDate) : null,
    tickets: ((it.Passenger ?? []) as Json[])
      .filter((p) => p.Ticket)
      .map((p) => {
        const s = String(p.Ticket.Status ?? '').toLowerCase();
        return {
          ticketId: String(p.Ticket.TicketId),
          ticketNumber: String(p.Ticket.TicketNumber),
          status: s.startsWith('cancel') ? 'cancelled' : s.startsWith('reissue') ? 'reissued' : 'ticketed',
        } as const;
      }),
    // The airline's current schedule: compared with the booked one by the disruption sweep.
    ...withSchedule(fromTboItinerarySegments(it.Segments as Json[] | undefined)),
  };
}

const withSchedule = (segments: TSegment[][] | null) => (segments ? { segments } : {});

export class TboSupply implements FlightSupply {
  readonly name = 'tbo';
  private readonly client: TboClient;

  constructor(ownerSiteId: SiteId, settings: TboSettings, cache: TokenCache = dynamoTokenCache) {
    this.client = new TboClient(ownerSiteId, settings, cache);
  }

  async sources(): Promise<string[]> {
    return TBO_SOURCES;
  }

  async search(req: TSearchRequest, ctx: SupplyContext): Promise<SupplySearchResult> {
    const r = await this.client.call('search', toTboSearch(req), ctx);
    return {
      traceId: String(r.TraceId ?? ''),
      results: ((r.Results ?? []) as Json[][]).map((list) => list.map(fromTboResult)),
    };
  }

  async calendarFare(req: CalendarFareRequest, ctx: SupplyContext): Promise<CalendarFareDay[]> {
    const r = await this.client.call(
      'calendarFare',
      {
        JourneyType: 1,
        PreferredAirlines: null,
        Sources: null,
        Segments: [
          {
            Origin: req.origin,
            Destination: req.destination,
            FlightCabinClass: req.cabinClass ?? 1,
            PreferredDepartureTime: `${req.month}-01T00:00:00`,
          },
        ],
      },
      ctx,
    );
    return ((r.SearchResults ?? []) as Json[]).map((d) => ({
      date: String(d.DepartureDate ?? '').slice(0, 10),
      fare: Number(d.Fare ?? 0),
      baseFare: Number(d.BaseFare ?? 0),
      tax: Number(d.Tax ?? 0),
      airlineCode: String(d.AirlineCode ?? ''),
      airlineName: String(d.AirlineName ?? ''),
      departureTime: String(d.DepartureDate ?? ''),
      isLowestFareOfMonth: Boolean(d.IsLowestFareOfMonth),
    }));
  }

  async fareRules(ref: OfferRef, ctx: SupplyContext): Promise<TFareRule[]> {
    const r = await this.client.call('fareRule', { TraceId: ref.traceId, ResultIndex: ref.resultIndex }, ctx);
    return ((r.FareRules ?? []) as Json[]).map((x) => ({
      origin: String(x.Origin ?? ''),
      destination: String(x.Destination ?? ''),
      airline: String(x.Airline ?? ''),
      fareRuleDetail: String(x.FareRuleDetail ?? ''),
    }));
  }

  async fareQuote(ref: OfferRef, ctx: SupplyContext): Promise<FareQuoteResult> {
    const r = await this.client.call('fareQuote', { TraceId: ref.traceId, ResultIndex: ref.resultIndex }, ctx);
    if (!r.Results) throw new SupplyError('failed', 'The supplier returned no fare');
    return { option: fromTboResult(r.Results as Json), isPriceChanged: Boolean(r.IsPriceChanged) };
  }

  async ssr(ref: OfferRef, ctx: SupplyContext): Promise<TSsrCatalogue | null> {
    const quote = await this.fareQuote(ref, ctx);
    const r = await this.client.call('ssr', { TraceId: ref.traceId, ResultIndex: ref.resultIndex }, ctx);
    return fromTboSsr(r, quote.option.isLcc);
  }

  /** Book and LCC Ticket want each passenger's fare: re-quote, and stop if it moved from what we showed. */
  private async passengers(ref: OfferRef, req: Pick<BookRequest, 'passengers' | 'expectedFare'>, ctx: SupplyContext) {
    const { option } = await this.fareQuote(ref, ctx);
    const moved = Math.abs(published(option.fare) - published(req.expectedFare)) > 0.5;
    const byType = new Map(option.fareBreakdown.map((b) => [b.passengerType, b]));
    return {
      moved,
      option,
      Passengers: req.passengers.map((p) => toTboPassenger(p, byType.get(p.paxType), option.fare.currency)),
    };
  }

  async book(req: BookRequest, ctx: SupplyContext): Promise<BookResult> {
    const { moved, Passengers } = await this.passengers(req, req, ctx);
    if (moved) return { pnr: '', supplierBookingId: '', lastTicketDate: null, isPriceChanged: true };
    const outer = await this.client.call(
      'book',
      { TraceId: req.traceId, ResultIndex: req.resultIndex, Passengers, ...agentReference(req) },
      ctx,
    );
    const r = (outer.Response ?? outer) as Json;
    return {
      pnr: String(r.PNR ?? ''),
      supplierBookingId: String(r.BookingId ?? ''),
      lastTicketDate: r.FlightItinerary?.LastTicketDate ? String(r.FlightItinerary.LastTicketDate) : null,
      isPriceChanged: Boolean(r.IsPriceChanged),
    };
  }

  async ticket(req: TicketRequest, ctx: SupplyContext): Promise<TicketResult> {
    let body: Json;
    if (req.supplierBookingId)
      body = { TraceId: req.traceId, PNR: req.pnr, BookingId: Number(req.supplierBookingId), ...agentReference(req) };
    else {
      if (!req.passengers?.length || !req.expectedFare)
        throw new SupplyError('invalidRequest', 'Passengers and the quoted fare are required to ticket');
      const { moved, Passengers } = await this.passengers(
        req,
        { passengers: req.passengers, expectedFare: req.expectedFare },
        ctx,
      );
      if (moved) return { pnr: '', supplierBookingId: '', tickets: [], isPriceChanged: true };
      body = { TraceId: req.traceId, ResultIndex: req.resultIndex, Passengers, ...agentReference(req) };
    }
    const outer = await this.client.call('ticket', body, ctx);
    const r = (outer.Response ?? outer) as Json;
    if (r.IsPriceChanged) return { pnr: '', supplierBookingId: '', tickets: [], isPriceChanged: true };
    const it = (r.FlightItinerary ?? {}) as Json;
    const airlinePnr = ((it.Segments ?? []) as Json[]).map((s) => s.AirlinePNR).find(Boolean);
    return {
      pnr: String(r.PNR ?? it.PNR ?? ''),
      supplierBookingId: String(r.BookingId ?? it.BookingId ?? ''),
      tickets: ((it.Passenger ?? []) as Json[]).map((p) => ({
        ticketId: String(p.Ticket?.TicketId ?? ''),
        ticketNumber: String(p.Ticket?.TicketNumber ?? ''),
        validatingAirline: String(p.Ticket?.ValidatingAirline ?? it.ValidatingAirlineCode ?? it.AirlineCode ?? ''),
      })),
      ...(airlinePnr ? { airlinePnr: String(airlinePnr) } : {}),
    };
  }

  async release(req: { supplierBookingId: string; source: string }, ctx: SupplyContext): Promise<void> {
    await this.client.call('release', { BookingId: Number(req.supplierBookingId), Source: req.source }, ctx);
  }

  async bookingDetails(req: { supplierBookingId: string }, ctx: SupplyContext): Promise<SupplierBookingDetails> {
    const r = await this.client.call('bookingDetails', { BookingId: Number(req.supplierBookingId) }, ctx);
    return detailsOf((r.FlightItinerary ?? {}) as Json, req.supplierBookingId);
  }

  /**
   * A booking made elsewhere: GetBookingDetails by PNR and the lead passenger's last name. TBO sells no extras on a
   * ticketed booking through this API (no post-ticket SSR call), so this adapter has no `postTicketExtras`.
   */
  async findBookingByPnr(req: { pnr: string; lastName: string }, ctx: SupplyContext): Promise<ImportedBooking | null> {
    const r = await this.client.call(
      'bookingDetails',
      { PNR: req.pnr.trim().toUpperCase(), LastName: req.lastName.trim() },
      ctx,
    );
    const it = r.FlightItinerary as Json | null | undefined;
    if (!it?.BookingId) return null;
    return importedOfTbo(it, detailsOf(it, String(it.BookingId)).status);
  }

  /** GetBookingDetails by our reference (with the trace it was booked under); no itinerary = never booked. */
  async findBooking(
    req: { reference: string; traceId: string },
    ctx: SupplyContext,
  ): Promise<SupplierBookingDetails | null> {
    const r = await this.client.call('bookingDetails', { TraceId: req.traceId, AgentReferenceNo: req.reference }, ctx);
    const it = r.FlightItinerary as Json | null | undefined;
    return it?.BookingId ? detailsOf(it, String(it.BookingId)) : null;
  }

  async cancellationCharges(
    req: { supplierBookingId: string; requestType: 1 | 2 | 3; ticketIds?: string[] },
    ctx: SupplyContext,
  ): Promise<{ refundAmount: number; cancellationCharge: number; currency: string }> {
    const r = await this.client.call(
      'cancellationCharges',
      { BookingId: Number(req.supplierBookingId), RequestType: req.requestType, TicketId: req.ticketIds ?? null },
      ctx,
    );
    return {
      refundAmount: Number(r.RefundAmount ?? 0),
      cancellationCharge: Number(r.CancellationCharge ?? 0),
      currency: String(r.Currency ?? 'INR'),
    };
  }

  async changeRequest(
    req: ChangeRequestInput,
    ctx: SupplyContext,
  ): Promise<{ changeRequests: { changeRequestId: string; ticketId: string | null }[] }> {
    const r = await this.client.call(
      'changeRequest',
      {
        BookingId: Number(req.supplierBookingId),
        RequestType: req.requestType,
        CancellationType: req.cancellationType,
        Sectors: req.sectors?.map((s) => ({ Origin: s.origin, Destination: s.destination })) ?? null,
        TicketId: req.ticketIds?.map(Number) ?? null,
        Remarks: req.remarks,
      },
      ctx,
    );
    return {
      changeRequests: ((r.TicketCRInfo ?? []) as Json[]).map((x) => ({
        changeRequestId: String(x.ChangeRequestId),
        ticketId: x.TicketId === undefined || x.TicketId === null ? null : String(x.TicketId),
      })),
    };
  }

  async changeRequestStatus(req: { changeRequestId: string }, ctx: SupplyContext): Promise<ChangeRequestStatus> {
    const r = await this.client.call('changeRequestStatus', { ChangeRequestId: Number(req.changeRequestId) }, ctx);
    const status = TBO_CR_STATUS[Number(r.ChangeRequestStatus)] ?? 'Pending';
    return {
      changeRequestId: String(r.ChangeRequestId ?? req.changeRequestId),
      status: status === 'NotSet' ? 'Pending' : status,
      refundedAmount: Number(r.RefundedAmount ?? 0),
      cancellationCharge: Number(r.CancellationCharge ?? 0),
      serviceTaxOnCharge: Number(r.ServiceTaxOnRAF ?? 0),
      creditNoteNo: r.CreditNoteNo ? String(r.CreditNoteNo) : null,
    };
  }
}
