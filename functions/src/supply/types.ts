/**
 * One interface for every flight supplier (architecture.md "Suppliers and gateways"): the embedded
 * simulated consolidator, the TBO-style adapter, and a supplier site serving its API consumers.
 * The flights service prices what comes back (packages/domain pricing.ts) and stores bookings; a
 * supply adapter only speaks to its supplier. Shapes follow the consolidator flow of
 * shared/docs/flight-supply.md with our field names (contracts/endpoints/flights.ts).
 */
import type { SupplierFare, SupplierPaxFare } from '@tp/domain/pricing';
import type {
  TFareRule,
  TFlightOption,
  TPassengerInput,
  TSearchRequest,
  TSeat,
  TSegment,
  TSsrCatalogue,
  TSsrItem,
} from '@tp/contracts/endpoints/flights';
import type { Logger } from '#lib/logger';
import type { SiteId } from '#lib/keys';

/** An option as the supplier prices it, before our markup. */
export type SupplierOption = Omit<TFlightOption, 'fare' | 'fareBreakdown' | 'publishedPrice'> & {
  fare: SupplierFare;
  fareBreakdown: SupplierPaxFare[];
};

export interface SupplyContext {
  /** The site whose customer is asking (for a supplier site: the consumer site). */
  siteId: SiteId;
  now: Date;
  /** The end user's IP, which consolidators want on every call. */
  endUserIp: string;
  log: Logger;
}

export interface SupplySearchResult {
  /** The supplier's trace, valid about 15 minutes; later calls quote it with a result index. */
  traceId: string;
  /** One list per direction (onward, then return for a normal domestic return). */
  results: SupplierOption[][];
}

export interface OfferRef {
  traceId: string;
  resultIndex: string;
}

/** Our booking reference (the payment order id), sent with every booking call so a retry can find its work. */
export interface BookingReference {
  reference?: string;
}

export interface FareQuoteResult {
  option: SupplierOption;
  isPriceChanged: boolean;
}

/** A passenger with the extra services resolved against the catalogue. */
export interface SupplyPassenger extends Omit<TPassengerInput, 'ssr'> {
  baggage: TSsrItem[];
  mealDynamic: TSsrItem[];
  seat: TSeat[];
}

export interface BookRequest extends OfferRef, BookingReference {
  passengers: SupplyPassenger[];
  /** What we quoted; a supplier whose price moved answers `priceChanged` instead of booking. */
  expectedFare: SupplierFare;
  /**
   * The caller tickets this PNR in the same fulfilment (a GDS sale), so it is not a hold; absent, the
   * PNR is left on hold until its last ticketing date (@tp/domain/fulfilment).
   */
  ticketAtOnce?: boolean;
}

export interface BookResult {
  pnr: string;
  supplierBookingId: string;
  /** GDS holds last until then; null when ticketed at once (LCC). */
  lastTicketDate: string | null;
  isPriceChanged: boolean;
}

export interface TicketRequest extends OfferRef, BookingReference {
  /** GDS: ticket an existing PNR. LCC: omitted, passengers given. */
  supplierBookingId?: string;
  pnr?: string;
  passengers?: SupplyPassenger[];
  expectedFare?: SupplierFare;
}

export interface TicketResult {
  pnr: string;
  supplierBookingId: string;
  /** In passenger order. */
  tickets: { ticketId: string; ticketNumber: string; validatingAirline: string }[];
  /** Airline PNR per segment where it differs from the GDS PNR. */
  airlinePnr?: string;
  /** LCC: the fare moved since `expectedFare` was quoted; nothing was ticketed (no tickets). */
  isPriceChanged?: boolean;
}

export interface SupplierBookingDetails {
  pnr: string;
  supplierBookingId: string;
  status: 'held' | 'ticketed' | 'released' | 'cancelled' | 'partiallyCancelled' | 'failed';
  lastTicketDate: string | null;
  tickets: { ticketId: string; ticketNumber: string; status: 'ticketed' | 'cancelled' | 'reissued' }[];
  /**
   * The supplier's current schedule of the booking, when it reports one (TBO's GetBookingDetails, the simulator):
   * compared with the booked segments, a difference is an airline's schedule change (a disruption).
   */
  segments?: TSegment[][];
  /** Other flights the supplier offers after a schedule change. */
  alternatives?: ScheduleAlternative[];
}

export interface ScheduleAlternative {
  alternativeId: string;
  segments: TSegment[][];
}

/**
 * An extra the supplier sells on a ticketed booking: a bag for one passenger on a journey, or one seat for one
 * passenger on one flight. `item.price` is the supplier's price (before our markup).
 */
export interface PostTicketExtra {
  /** The supplier's id of this offer (Duffel's service id; the simulator's own), quoted back to buy it. */
  extraId: string;
  paxIndex: number;
  kind: 'baggage' | 'seat';
  /** `origin-destination`: a bag's journey, or a seat's flight. */
  segment: string;
  item: TSsrItem | TSeat;
}

/** A booking made outside the platform, as its supplier reports it (PNR import). */
export interface ImportedBooking {
  pnr: string;
  supplierBookingId: string;
  status: SupplierBookingDetails['status'];
  source: string;
  isLcc: boolean;
  isRefundable: boolean;
  isDomestic: boolean;
  airlineCode: string;
  airlineName: string;
  segments: TSegment[][];
  passengers: (Omit<TPassengerInput, 'ssr'> & {
    ticket: { ticketId: string; ticketNumber: string; validatingAirline: string } | null;
  })[];
  fare: SupplierFare;
  fareBreakdown: SupplierPaxFare[];
  /** The simulator's invented seats (no real PNR or ticket). */
  testInventory?: true;
}

export interface ChangeRequestInput {
  supplierBookingId: string;
  /** 1 refund, 2 partial refund, 3 reissue. */
  requestType: 1 | 2 | 3;
  /** 1 no-show, 2 flight cancelled, 3 others. */
  cancellationType: 1 | 2 | 3;
  sectors?: { origin: string; destination: string }[];
  ticketIds?: string[];
  remarks: string;
}

export interface ChangeRequestStatus {
  changeRequestId: string;
  status: 'Unassigned' | 'Assigned' | 'Acknowledged' | 'Pending' | 'Completed' | 'Rejected' | 'Closed';
  refundedAmount: number;
  cancellationCharge: number;
  serviceTaxOnCharge: number;
  creditNoteNo: string | null;
}

export interface CalendarFareRequest {
  origin: string;
  destination: string;
  /** `YYYY-MM`. */
  month: string;
  cabinClass?: number;
  /** Only these days of the month (`YYYY-MM-DD`; the ±3-day strip); absent, the whole month. */
  days?: readonly string[];
}

export interface CalendarFareDay {
  date: string;
  fare: number;
  baseFare: number;
  tax: number;
  airlineCode: string;
  airlineName: string;
  departureTime: string;
  isLowestFareOfMonth: boolean;
  /**
   * The day's cheapest bookable options, one per airline, as a one-adult search of that day returns them:
   * the flights service prices them for the caller like search results. Absent (a supplier's own calendar,
   * TBO's), the day is indicative: priced from `baseFare` and `tax` and shown as "from".
   */
  options?: SupplierOption[];
}

/** Errors a supplier reports (flight-supply.md "Errors"); the flights service maps them to HTTP. */
export class SupplyError extends Error {
  constructor(
    readonly kind:
      | 'timeout'
      | 'failed'
      | 'invalidRequest'
      | 'invalidSession'
      | 'soldOut'
      | 'expired'
      | 'notAllowed'
      /** No supply this stage allows: the site has no real supplier where the simulator is refused. */
      | 'notConfigured',
    message: string,
  ) {
    super(message);
    this.name = 'SupplyError';
  }
}

export interface FlightSupply {
  /** 'simulator', 'tbo', 'duffel' or 'site:<supplierSiteId>'. */
  readonly name: string;
  /** A supplier site's supply: the site whose markup for the consumer the flights service applies. */
  readonly supplierSiteId?: string;
  /** False when the supplier site does not let this consumer hold (book without ticketing). */
  readonly holdAllowed?: boolean;
  /** Sources this supply can search (GDS and LCC airline codes). */
  sources(ctx: SupplyContext): Promise<string[]>;
  search(req: TSearchRequest, ctx: SupplyContext): Promise<SupplySearchResult>;
  /** One way, one adult, lowest fare per day of a month (`YYYY-MM`), or of the given `days` of it. */
  calendarFare(req: CalendarFareRequest, ctx: SupplyContext): Promise<CalendarFareDay[]>;
  fareRules(ref: OfferRef, ctx: SupplyContext): Promise<TFareRule[]>;
  fareQuote(ref: OfferRef, ctx: SupplyContext): Promise<FareQuoteResult>;
  /** null when the supplier has no SSR for this option (the client's 'No SSR details'). */
  ssr(ref: OfferRef, ctx: SupplyContext): Promise<TSsrCatalogue | null>;
  /** GDS only: creates a PNR and holds seats until the last ticketing date (or until `ticket`, right after). */
  book(req: BookRequest, ctx: SupplyContext): Promise<BookResult>;
  ticket(req: TicketRequest, ctx: SupplyContext): Promise<TicketResult>;
  release(req: { supplierBookingId: string; source: string }, ctx: SupplyContext): Promise<void>;
  bookingDetails(req: { supplierBookingId: string }, ctx: SupplyContext): Promise<SupplierBookingDetails>;
  /**
   * The booking made under our reference, or null when there is none: asked before a retried fulfilment
   * books or tickets again, so a crash between the supplier's answer and our write never tickets twice.
   */
  findBooking(req: { reference: string; traceId: string }, ctx: SupplyContext): Promise<SupplierBookingDetails | null>;
  cancellationCharges(
    req: { supplierBookingId: string; requestType: 1 | 2 | 3; ticketIds?: string[] },
    ctx: SupplyContext,
  ): Promise<{ refundAmount: number; cancellationCharge: number; currency: string }>;
  changeRequest(
    req: ChangeRequestInput,
    ctx: SupplyContext,
  ): Promise<{ changeRequests: { changeRequestId: string; ticketId: string | null }[] }>;
  changeRequestStatus(req: { changeRequestId: string }, ctx: SupplyContext): Promise<ChangeRequestStatus>;
  /**
   * Confirms an airline's schedule change with the supplier: the new schedule as it is (`alternativeId` null) or
   * one of the alternatives it offered. Answers the schedule the booking now has. Absent: the supplier takes no
   * such call (the change is acknowledged with the airline offline) and the booking keeps what it reported.
   */
  /**
   * Bags and seats the airline sells on this ticketed booking now. Absent, or empty: the airline sells none after
   * ticketing (the caller says "not offered by this airline").
   */
  postTicketExtras?(req: { supplierBookingId: string }, ctx: SupplyContext): Promise<PostTicketExtra[]>;
  /**
   * Buys extras on a ticketed booking, paid to the supplier; once per `reference` (our payment order id): a retry
   * with the same reference answers the first purchase and buys nothing more.
   */
  addPostTicketExtras?(
    req: { supplierBookingId: string; reference: string; extraIds: string[] },
    ctx: SupplyContext,
  ): Promise<{ charged: number; currency: string }>;
  /**
   * A booking made elsewhere, found by its PNR and a passenger's last name (TBO's GetBookingDetails; the
   * simulator's own PNRs) or by the supplier's order id (Duffel, which takes it in `pnr`). Null when none matches.
   */
  findBookingByPnr?(req: { pnr: string; lastName: string }, ctx: SupplyContext): Promise<ImportedBooking | null>;
  acceptScheduleChange?(
    req: { supplierBookingId: string; alternativeId: string | null },
    ctx: SupplyContext,
  ): Promise<{ segments: TSegment[][] }>;
}
