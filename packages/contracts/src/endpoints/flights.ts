/**
 * The flight model shared by the flights API, the supply adapters, the payment flow, the ticket
 * queues and the web client (spec 000 §3 "Entities", §9 "Business constants"). Field names are the
 * spec's; amounts are in `currency` (INR by default) with two decimals.
 */
import * as z from 'zod/mini';
import { endpoint } from '../endpoint.ts';
import { zEmpty } from '../common.ts';
import * as MSG from '../messages.ts';
import { zAddress, zEmailText, zId, zRemarks, zShortText, zSupplierRef } from '../fields.ts';
import { ZCountry } from './master.ts';
import { lazy } from '../lazy.ts';

/** An IATA airline designator (two letters or digits); here so flight contracts need not load the markup ones. */
export const AIRLINE_CODE = /^[A-Z0-9]{2}$/;

// ---------------------------------------------------------------- constants (spec 000 §2, §3, §9)

export const JOURNEY_TYPE = { oneWay: 1, return: 2, multiStop: 3, specialReturn: 5 } as const;
/**
 * Return sub types. The spec numbers them Normal 2, LCC Special 5, GDS Special 3; because 3 is also
 * Multi Stop, a return search carries its sub type in `returnType` next to `JourneyType: 2`.
 */
export const RETURN_TYPE = { normal: 2, lccSpecial: 5, gdsSpecial: 3 } as const;
export const PAX_CODE = { 1: 'ADT', 2: 'CHD', 3: 'INF' } as const;
/** Passenger types as people read them (forms, fare breakdowns, e-ticket). */
export const PAX_NAME = { 1: 'Adult', 2: 'Child', 3: 'Infant' } as const;

/** Time bands of the search form; the value is the time part of `preferredDepartureTime`. */
export const TIME_BANDS = [
  { label: 'Any Time', time: '00:00:00', from: 0, to: 24 * 60 },
  { label: 'Before 11AM', time: '05:00:00', from: 0, to: 11 * 60 },
  { label: '11AM to 4PM', time: '11:00:00', from: 11 * 60, to: 16 * 60 },
  { label: '4PM to 9PM', time: '16:00:00', from: 16 * 60, to: 21 * 60 },
  { label: 'After 9PM', time: '21:00:00', from: 21 * 60, to: 24 * 60 },
] as const;

/**
 * Ours: a site with no real flight supplier on a stage that refuses the simulator (docs/decisions.md
 * "Embedded defaults and the production stage"), and the mark of the simulator's invented seats.
 */
export const SUPPLY_MSG = {
  unavailable: 'Flights are not available on this site yet.',
  unavailableStaff:
    'Flights are not available yet: this site has no flight supplier. Enter a supplier API account in Flight Settings, or link an approved flights supplier in Link Supplier.',
  simulatorForbidden: 'The flight simulator is not allowed on this stage: enter a supplier API account',
  testInventory: 'Test inventory',
  testInventoryHint: 'Invented by the flight simulator: no real seat, PNR or ticket',
} as const;

/** Passenger rules of consolidator APIs: ≥ 1 adult, ≤ 9 seated passengers, infants ≤ adults. */
export const PAX_LIMITS = { maxSeated: 9 } as const;

/**
 * Booking status ids. The spec fixes 3 ticketed and 4 cancelled and shows anything else as a
 * change request in progress; the remaining ids are ours.
 */
export const BOOKING_STATUS = {
  held: 1,
  failed: 2,
  ticketed: 3,
  cancelled: 4,
  changeRequested: 5,
  released: 6,
  partiallyCancelled: 7,
  reissued: 8,
} as const;
export type BookingStatusId = (typeof BOOKING_STATUS)[keyof typeof BOOKING_STATUS];

export const BOOKING_SORTS = ['BD', 'BA', 'TD', 'TA'] as const;
/** A search's results and a payment order live this long (spec 000 §4, flight-supply.md). */
export const FLIGHT_TIMING = { searchValidMinutes: 15, paymentOrderMinutes: 15 } as const;
export const DEFAULT_CURRENCY = 'INR';

// ---------------------------------------------------------------- search

const zDateTime = lazy(() =>
  z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$/, 'Enter a valid date')),
);
const zAirportCode = lazy(() =>
  z
    .string({ error: MSG.required })
    .check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z]{3}$/, 'Enter a valid airport or city code')),
);
const zCount = (min: number) => z.coerce.number().check(z.int(), z.minimum(min), z.maximum(9));

export const ZSearchSegment = lazy(() =>
  z.object({
    origin: zAirportCode,
    destination: zAirportCode,
    /** `YYYY-MM-DDTHH:mm:ss`; the time part picks a TIME_BANDS band. */
    preferredDepartureTime: zDateTime,
  }),
);

export const ZSearchRequest = lazy(() =>
  z
    .object({
      /** Supplier sources to ask (GDS and/or LCC airline codes from api/getSources); empty means all. */
      Sources: z.optional(z.nullable(z.array(zShortText({ max: 20 })).check(z.maxLength(50)))),
      JourneyType: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(5)]),
      returnType: z.optional(z.union([z.literal(2), z.literal(3), z.literal(5)])),
      segments: z.array(ZSearchSegment).check(z.minLength(1), z.maxLength(6)),
      adultCount: zCount(1),
      childCount: z._default(zCount(0), 0),
      infantCount: z._default(zCount(0), 0),
      /** 1 all, 2 economy, 3 premium economy, 4 business, 5 premium business, 6 first. */
      cabinClass: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(6)), 1),
      directFlight: z.optional(z.boolean()),
      preferredAirlines: z.optional(z.array(zShortText({ max: 20 })).check(z.maxLength(50))),
      /** Ours: the return trip whose second leg this one-way search is for (api/getFlightTrip's `returnSearch`). */
      tripId: z.optional(zId()),
    })
    .check(
      z.superRefine((r, ctx) => {
        if (r.adultCount + r.childCount > PAX_LIMITS.maxSeated)
          ctx.addIssue({
            code: 'custom',
            path: ['adultCount'],
            message: 'At most 9 passengers can travel on one booking',
          });
        if (r.infantCount > r.adultCount)
          ctx.addIssue({ code: 'custom', path: ['infantCount'], message: 'Infants cannot outnumber adults' });
        const needsTwo = r.JourneyType === 2 || r.JourneyType === 5;
        if (needsTwo && r.segments.length !== 2)
          ctx.addIssue({
            code: 'custom',
            path: ['segments'],
            message: 'A return search needs the onward and return dates',
          });
        if (r.JourneyType === 1 && r.segments.length !== 1)
          ctx.addIssue({ code: 'custom', path: ['segments'], message: 'A one-way search has one segment' });
        if (r.JourneyType === 3 && r.segments.length < 2)
          ctx.addIssue({
            code: 'custom',
            path: ['segments'],
            message: 'A multi-stop search needs at least two segments',
          });
        r.segments.forEach((s, i) => {
          if (s.origin === s.destination)
            ctx.addIssue({
              code: 'custom',
              path: ['segments', i, 'destination'],
              message: 'Origin and destination must differ',
            });
        });
      }),
    ),
);
export type TSearchRequest = z.infer<typeof ZSearchRequest>;

// ---------------------------------------------------------------- options, segments, fares

export const ZSegment = lazy(() =>
  z.object({
    airlineName: z.string(),
    airlineCode: z.string(),
    flightNumber: z.string(),
    fareClass: z.string(),
    operatingCarrier: z.string(),
    craft: z.optional(z.string()),
    originAirportCode: z.string(),
    originAirportName: z.string(),
    originCityName: z.string(),
    originCityCode: z.string(),
    originCountryCode: z.string(),
    originTerminal: z.string(),
    destinationAirportCode: z.string(),
    destinationAirportName: z.string(),
    destinationCityName: z.string(),
    destinationCityCode: z.string(),
    destinationCountryCode: z.string(),
    destinationTerminal: z.string(),
    /** Local times at the airports, `YYYY-MM-DDTHH:mm:ss` (no offset, as airlines print them). */
    departureTime: z.string(),
    arrivalTime: z.string(),
    /** Flying time of this segment, and the ground time before it (layover; 0 for the first). */
    durationMinutes: z.number(),
    groundTimeMinutes: z.number(),
    /** 1 onward, 2 return (special-return fares carry both trips). */
    tripIndicator: z.number(),
    flightStatus: z.string(),
    airlinePnr: z.optional(z.string()),
    baggage: z.string(),
    cabinBaggage: z.string(),
    stopPoint: z.string(),
    stopPointArrivalTime: z.string(),
    stopPointDepartureTime: z.string(),
    seatsLeft: z.optional(z.number()),
    segmentAdditionalInfo: z.optional(z.object({ baggage: z.string() })),
  }),
);
export type TSegment = z.infer<typeof ZSegment>;

/** Per passenger type, per passenger (count tells how many). */
export const ZPaxFare = lazy(() =>
  z.object({
    passengerType: z.number(),
    count: z.number(),
    baseFare: z.number(),
    tax: z.number(),
    /** What one passenger of this type pays (published, plus our markup and GST on it). */
    totalFare: z.number(),
  }),
);
export type TPaxFare = z.infer<typeof ZPaxFare>;

/**
 * A priced fare. `publishedFare` is the supplier's; `publishedPrice` adds our markup and GST on it
 * (what a retail customer sees); `totalPayable` is what this caller pays (agents: less commission,
 * plus TDS; everyone: less discount). `offeredFare` and the earnings are for staff and agents.
 */
export const ZFare = lazy(() =>
  z.object({
    currency: z.string(),
    baseFare: z.number(),
    tax: z.number(),
    yq: z.number(),
    offeredOtherCharges: z.number(),
    serviceFee: z.number(),
    txnFee: z.number(),
    publishedFare: z.number(),
    offeredFare: z.number(),
    commissionEarned: z.number(),
    tds: z.number(),
    markup: z.number(),
    gstOnMarkup: z.number(),
    discount: z.number(),
    publishedPrice: z.number(),
    totalFare: z.number(),
    totalPayable: z.number(),
    totalPayableAmt: z.number(),
    baggagePrice: z.number(),
    mealPrice: z.number(),
    seatPrice: z.number(),
  }),
);
export type TFare = z.infer<typeof ZFare>;

export const ZFlightOption = lazy(() =>
  z.object({
    resultIndex: z.string(),
    /** Supplier source: 'GDS' or the LCC's airline code. */
    source: z.string(),
    isLcc: z.boolean(),
    isRefundable: z.boolean(),
    isHoldAllowed: z.boolean(),
    isLCCSpecialReturn: z.boolean(),
    isPassportRequired: z.boolean(),
    isPanRequired: z.boolean(),
    lastTicketDate: z.nullable(z.string()),
    /** Validating carrier. */
    airlineCode: z.string(),
    airlineName: z.string(),
    /** Trips (onward; return for special returns), each a list of segments. */
    segments: z.array(z.array(ZSegment)),
    publishedPrice: z.number(),
    fare: ZFare,
    fareBreakdown: z.array(ZPaxFare),
    /** Ours: set by the flight simulator on what it invents (a "Test inventory" badge); absent for real supply. */
    testInventory: z.optional(z.literal(true)),
  }),
);
export type TFlightOption = z.infer<typeof ZFlightOption>;

export const ZSearchResponse = lazy(() =>
  z.object({
    searchId: z.string(),
    /** When the supplier's trace lapses; after it the user must search again. */
    expiresAt: z.string(),
    JourneyType: z.number(),
    returnType: z.optional(z.number()),
    isDomestic: z.boolean(),
    adultCount: z.number(),
    childCount: z.number(),
    infantCount: z.number(),
    segments: z.array(ZSearchSegment),
    /** One list per direction: onward, then return for a normal (domestic) return. */
    results: z.array(z.array(ZFlightOption)),
    /** Whether the caller may see the full fare breakdown (staff) and earnings (agents, staff). */
    showFullBreakdown: z.boolean(),
  }),
);
export type TSearchResponse = z.infer<typeof ZSearchResponse>;

/** Identifies one option of one search. */
export const ZOptionRef = lazy(() => z.object({ searchId: zId(), resultIndex: zSupplierRef() }));

export const ZFareRule = lazy(() =>
  z.object({
    origin: z.string(),
    destination: z.string(),
    airline: z.string(),
    fareRuleDetail: z.string(),
  }),
);
export type TFareRule = z.infer<typeof ZFareRule>;

/** The e-ticket's fare split (spec 000 §9 field names); `seatCharges` is ours: seats are their own line. */
export const ZETicketFare = lazy(() =>
  z.object({
    currency: z.string(),
    baseFare: z.number(),
    tax: z.number(),
    txnFee: z.number(),
    otherCharges: z.number(),
    baggageMealCharges: z.number(),
    seatCharges: z.number(),
    discount: z.number(),
    totalFare: z.number(),
    roundedTotalFare: z.number(),
  }),
);

/** Per passenger type: one passenger's base, tax and fare, and the type's total (domain `paxTypeCharges`). */
export const ZPaxTypeCharge = lazy(() =>
  z.object({
    passengerType: z.number(),
    count: z.number(),
    baseFare: z.number(),
    tax: z.number(),
    totalFare: z.number(),
    total: z.number(),
  }),
);

/**
 * What a booking charges and why (domain `chargeOf`): the server's figure, which the pages show as is.
 * `total` is the payment order's amount.
 */
export const ZCharge = lazy(() =>
  z.object({
    currency: z.string(),
    fare: ZETicketFare,
    extras: z.array(
      z.object({
        passengerIndex: z.number(),
        kind: z.enum(['baggage', 'meal', 'seat']),
        segment: z.string(),
        code: z.string(),
        description: z.string(),
        price: z.number(),
      }),
    ),
    paxTypes: z.array(ZPaxTypeCharge),
    commissionEarned: z.number(),
    tds: z.number(),
    total: z.number(),
  }),
);
export type TCharge = z.infer<typeof ZCharge>;

export const ZFareQuote = lazy(() =>
  z.object({
    searchId: z.string(),
    resultIndex: z.string(),
    isPriceChanged: z.boolean(),
    previousTotalPayable: z.number(),
    option: ZFlightOption,
    expiresAt: z.string(),
    /** The fare as it will be charged before extras (split and per passenger type as on the e-ticket). */
    charge: ZCharge,
  }),
);
export type TFareQuote = z.infer<typeof ZFareQuote>;

// ---------------------------------------------------------------- SSR

export const ZSsrItem = lazy(() =>
  z.object({
    code: z.string(),
    description: z.string(),
    /** Baggage weight in kg, or meal quantity. */
    weight: z.optional(z.number()),
    quantity: z.optional(z.number()),
    price: z.number(),
    currency: z.string(),
    /** 1 segment, 2 full journey. */
    wayType: z.number(),
    origin: z.string(),
    destination: z.string(),
    airlineCode: z.string(),
    flightNumber: z.string(),
  }),
);
export type TSsrItem = z.infer<typeof ZSsrItem>;
export const ZSeat = lazy(() =>
  z.object({
    code: z.string(),
    rowNo: z.string(),
    seatNo: z.string(),
    /** 1 window, 2 aisle, 3 middle. */
    seatType: z.number(),
    available: z.boolean(),
    price: z.number(),
    currency: z.string(),
    origin: z.string(),
    destination: z.string(),
    airlineCode: z.string(),
    flightNumber: z.string(),
  }),
);
export type TSeat = z.infer<typeof ZSeat>;
export const ZSsrCatalogue = lazy(() =>
  z.object({
    baggage: z.array(ZSsrItem),
    mealDynamic: z.array(ZSsrItem),
    /** Per segment (`origin-destination`): rows of seats. */
    seatDynamic: z.array(z.object({ segment: z.string(), rows: z.array(z.array(ZSeat)) })),
    /** LCC SSR are confirmed online; GDS SSR are requests to the airline. */
    confirmedOnline: z.boolean(),
  }),
);
export type TSsrCatalogue = z.infer<typeof ZSsrCatalogue>;

// ---------------------------------------------------------------- passengers

const zName = (label: string) =>
  z
    .string({ error: MSG.required })
    .check(
      z.trim(),
      z.minLength(1, MSG.required),
      z.maxLength(32, `${label} is too long`),
      z.regex(/^[A-Za-z][A-Za-z .'-]*$/, `${label} may contain letters, spaces, dots, hyphens and apostrophes only`),
    );
const zIsoDate = lazy(() => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a valid date')));

/** Chosen SSR per passenger, by code (validated against the catalogue server-side). */
const zSsrChoice = () =>
  z._default(
    z
      .array(
        z.object({
          code: zShortText({ required: false }),
          origin: zShortText({ required: false, max: 8 }),
          destination: zShortText({ required: false, max: 8 }),
        }),
      )
      .check(z.maxLength(20)),
    [],
  );
export const ZPaxSsr = lazy(() => z.object({ baggage: zSsrChoice(), mealDynamic: zSsrChoice(), seat: zSsrChoice() }));

export const ZPassengerInput = lazy(() =>
  z.object({
    /** Must agree with the gender (domain `titleGenderProblem`): Mr and Mstr male; Mrs, Ms and Miss female. */
    title: z.enum(['Mr', 'Mrs', 'Ms', 'Miss', 'Mstr'], { error: MSG.required }),
    firstName: zName('First name'),
    lastName: zName('Last name'),
    paxType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    gender: z.union([z.literal(1), z.literal(2)], { error: MSG.required }),
    dateOfBirth: z.optional(zIsoDate),
    isLeadPax: z._default(z.boolean(), false),
    /** Lead passenger contact: phone code (e.g. +91) and mobile number, email. */
    phoneCode: z.optional(zShortText({ required: false, max: 8 })),
    mobileNo: z.optional(zShortText({ required: false, max: 20 })),
    email: z.optional(zEmailText()),
    addressLine1: z.optional(zAddress({ required: false })),
    city: z.optional(zAddress({ required: false })),
    countryCode: z.optional(zShortText({ required: false, max: 3 }).check(z.toUpperCase())),
    nationality: z.optional(zShortText({ required: false, max: 3 }).check(z.toUpperCase())),
    passportNo: z.optional(zShortText({ required: false, max: 20 }).check(z.toUpperCase())),
    passportIssueDate: z.optional(zIsoDate),
    passportExpiry: z.optional(zIsoDate),
    passportIssueCountryCode: z.optional(zShortText({ required: false, max: 3 }).check(z.toUpperCase())),
    ssr: z.optional(ZPaxSsr),
  }),
);
export type TPassengerInput = z.infer<typeof ZPassengerInput>;

export const ZTicket = lazy(() =>
  z.object({ ticketId: z.string(), ticketNumber: z.string(), validatingAirline: z.string() }),
);

export const ZBookedPassenger = lazy(() =>
  z.extend(z.omit(ZPassengerInput, { ssr: true }), {
    paxIndex: z.number(),
    ticket: z.nullable(ZTicket),
    baggage: z.array(ZSsrItem),
    mealDynamic: z.array(ZSsrItem),
    seat: z.array(ZSeat),
    fare: z.omit(ZPaxFare, { count: true }),
  }),
);
export type TBookedPassenger = z.infer<typeof ZBookedPassenger>;

// ---------------------------------------------------------------- payment order, booking

export const PAYMENT_MODES = ['wallet', 'gateway'] as const;
export const ORDER_STATUSES = ['created', 'paid', 'booking', 'booked', 'failed', 'refunded', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The payment order of spec 000 §3, with its state. */
export const ZPaymentOrder = lazy(() =>
  z.object({
    orderId: z.string(),
    amount: z.number(),
    currency: z.string(),
    traceId: z.string(),
    redirectTo: z.nullable(z.string()),
    remark: z.string(),
    serviceName: z.string(),
    supplierSiteId: z.nullable(z.string()),
    segments: z.array(
      z.object({
        origin: z.string(),
        destination: z.string(),
        departureTime: z.string(),
        flightNumber: z.string(),
        airlineCode: z.string(),
      }),
    ),
    transactionId: z.nullable(z.string()),
    status: z.enum(ORDER_STATUSES),
    paymentMode: z.enum(PAYMENT_MODES),
    hold: z.boolean(),
    expiresAt: z.string(),
    bookingIds: z.array(z.string()),
    failureReason: z.optional(z.string()),
  }),
);
export type TPaymentOrder = z.infer<typeof ZPaymentOrder>;

export const ZChangeRequestInfo = lazy(() =>
  z.object({
    changeRequestId: z.string(),
    ticketId: z.nullable(z.string()),
    requestType: z.number(),
    status: z.string(),
    remarks: z.string(),
    createdAt: z.string(),
    refundedAmount: z.optional(z.number()),
    cancellationCharge: z.optional(z.number()),
    creditedAt: z.optional(z.string()),
    /** Staff handling: accepted by, rejected why, the supplier's outcome recorded by hand. */
    acceptedBy: z.optional(z.string()),
    rejectReason: z.optional(z.string()),
    outcome: z.optional(
      z.object({
        cancellationCharge: z.number(),
        refundAmount: z.number(),
        newTicketNumbers: z.array(z.object({ ticketId: z.string(), ticketNumber: z.string() })),
        recordedBy: z.string(),
        recordedAt: z.string(),
      }),
    ),
    /** Who approved the refund credited (staff), and what it is made of (domain refundBreakdown). */
    approvedBy: z.optional(z.string()),
    breakdown: z.optional(ZRefundBreakdown),
  }),
);

/** Ours: bags and seats bought after ticketing, one purchase per paid order (docs/flights.md "Extras after ticketing"). */
export const ZExtrasPurchase = lazy(() =>
  z.object({
    orderId: z.string(),
    paidAt: z.string(),
    amount: z.number(),
    currency: z.string(),
    paymentMode: z.enum(PAYMENT_MODES),
    lines: z.array(
      z.object({
        paxIndex: z.number(),
        kind: z.enum(['baggage', 'seat']),
        segment: z.string(),
        description: z.string(),
        supplierPrice: z.number(),
        markup: z.number(),
        gstOnMarkup: z.number(),
        price: z.number(),
      }),
    ),
  }),
);
export type TExtrasPurchase = z.infer<typeof ZExtrasPurchase>;

/** A booking as stored and as the ticket screens read it (spec 000 §3 "Booking / ticket"). */
export const ZBooking = lazy(() =>
  z.object({
    bookingId: z.string(),
    pnr: z.string(),
    orderId: z.string(),
    searchId: z.string(),
    resultIndex: z.string(),
    supplierBookingId: z.string(),
    source: z.string(),
    /** Which supply served it: 'simulator', 'tbo' or 'site:<supplierSiteId>'. */
    supplier: z.string(),
    /** Ours: booked on the simulator's invented seats (also through a supplier site); absent for real supply. */
    testInventory: z.optional(z.literal(true)),
    isLcc: z.boolean(),
    isRefundable: z.boolean(),
    isDomestic: z.boolean(),
    journeyType: z.number(),
    /** Normal return: 1 onward leg, 2 return leg; the other leg's booking id once booked. */
    leg: z.number(),
    linkedBookingId: z.nullable(z.string()),
    /** Ours: the return trip both legs belong to (api/getFlightTrip, `/flight/trip/{tripId}`). */
    tripId: z.optional(z.string()),
    statusId: z.number(),
    status: z.string(),
    lastTicketDate: z.nullable(z.string()),
    airlineCode: z.string(),
    airlineName: z.string(),
    segments: z.array(z.array(ZSegment)),
    passengers: z.array(ZBookedPassenger),
    fare: ZFare,
    fareRules: z.array(ZFareRule),
    /** Agent's own markup / discount shown on the e-ticket they hand out (display only). */
    agentMarkup: z.number(),
    agentDiscount: z.number(),
    accounting: z.object({
      amountCharged: z.number(),
      currency: z.string(),
      paymentMode: z.enum(PAYMENT_MODES),
      transactionId: z.nullable(z.string()),
      legalEntityId: z.string(),
      refundedAmount: z.number(),
      /** Ours: the gateway payment that paid the booking; its refunds go back to it (docs/flights.md). */
      gatewayPayment: z.optional(z.object({ paymentId: z.string(), gateway: z.string() })),
    }),
    user: z.object({
      userId: z.string(),
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      userType: z.string(),
      companyName: z.optional(z.string()),
    }),
    ticketCRInfo: z.array(ZChangeRequestInfo),
    /** Ours: extras bought after ticketing (each also on its passenger's `baggage` / `seat`). */
    extraPurchases: z.optional(z.array(ZExtrasPurchase)),
    /** Ours: booked outside the platform and imported by PNR (who imported it, when). */
    imported: z.optional(z.object({ by: z.string(), at: z.string() })),
    supplierChangeReqStatus: z.nullable(z.object({ statusText: z.string() })),
    createdAt: z.string(),
    travelDate: z.string(),
    invoiceCreatedOn: z.nullable(z.string()),
  }),
);
export type TBooking = z.infer<typeof ZBooking>;

/**
 * A refund taken apart (domain `refundBreakdown`): the lines add up exactly to what was paid
 * for the cancelled tickets. Shown by Cancel Seats (api/getCC), kept on the credited change request, mailed, and
 * named on the credit note.
 */
export const ZRefundBreakdown = lazy(() =>
  z.object({
    currency: z.string(),
    paid: z.number(),
    paidForPart: z.number(),
    share: z.number(),
    lines: z.array(
      z.object({
        key: z.enum([
          'supplierCharge',
          'supplierKept',
          'markup',
          'gstOnMarkup',
          'discount',
          'commission',
          'tds',
          'capped',
          'taxReversed',
          'fareRefunded',
        ]),
        group: z.enum(['supplier', 'kept', 'refund']),
        label: z.string(),
        amount: z.number(),
      }),
    ),
    supplierCharge: z.number(),
    kept: z.number(),
    taxReversed: z.number(),
    refund: z.number(),
    destination: z.object({ kind: z.enum(['source', 'wallet', 'none']), text: z.string() }),
  }),
);
export type TRefundBreakdown = z.infer<typeof ZRefundBreakdown>;

// The booking flow of spec 000 §4: search → results → fare quote → SSR → passengers → payment order →
// order-success callback. All on the flight API base; 'user' calls bind staff to their Flights permissions.

export const search = endpoint({
  id: 'flights.search',
  api: 'flight',
  method: 'POST',
  path: 'api/search',
  domain: 'flights',
  auth: 'user',
  permission: 'flights.search',
  request: ZSearchRequest,
  response: ZSearchResponse,
  summary:
    "Searches the site's supply and prices every option for the caller; counts a look for look-to-book and refuses callers over their limit or with search switched off.",
});

export const ZCalendarFareDay = lazy(() =>
  z.object({
    date: z.string(),
    fare: z.number(),
    baseFare: z.number(),
    tax: z.number(),
    airlineCode: z.string(),
    airlineName: z.string(),
    departureTime: z.string(),
    isLowestFareOfMonth: z.boolean(),
    /** Ours: the supplier's own calendar, not a price of our results; shown as "from". Absent: bookable as shown. */
    isIndicative: z.optional(z.boolean()),
  }),
);
export const getCalendarFare = endpoint({
  id: 'flights.getCalendarFare',
  api: 'flight',
  method: 'POST',
  path: 'api/getCalendarFare',
  domain: 'flights',
  auth: 'user',
  permission: 'flights.search',
  request: lazy(() =>
    z.object({
      origin: z
        .string({ error: MSG.required })
        .check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z]{3}$/, 'Enter a valid airport or city code')),
      destination: z
        .string({ error: MSG.required })
        .check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z]{3}$/, 'Enter a valid airport or city code')),
      month: z.string({ error: MSG.required }).check(z.regex(/^\d{4}-\d{2}$/, 'Choose a month')),
      cabinClass: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(6))),
      /** Ours: only these days of the month (the ±3-day strip), each priced as a search of that day. */
      days: z.optional(
        z
          .array(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a valid date')))
          .check(z.minLength(1), z.maxLength(7)),
      ),
    }),
  ),
  response: lazy(() => z.array(ZCalendarFareDay)),
  summary:
    'Lowest one-way, one-adult fare per day of a month: the cheapest option a search of that day offers the caller, priced as results are (isIndicative where the supplier gives only its own calendar).',
});

export const ZSource = lazy(() => z.object({ code: z.string(), name: z.string(), isLcc: z.boolean() }));
export const getSources = endpoint({
  id: 'flights.getSources',
  api: 'flight',
  method: 'GET',
  path: 'api/getSources',
  domain: 'flights',
  auth: 'user',
  request: zEmpty,
  response: lazy(() => z.array(ZSource)),
  summary: "The sources (GDS and LCC airlines) the site's supply can search.",
});

export const getFareRules = endpoint({
  id: 'flights.getFareRules',
  api: 'flight',
  method: 'POST',
  path: 'api/getFareRules',
  domain: 'flights',
  auth: 'user',
  request: ZOptionRef,
  response: lazy(() => z.array(ZFareRule)),
  summary: "The airline's fare rules for an option, per sector.",
});

export const fareQuote = endpoint({
  id: 'flights.fareQuote',
  api: 'flight',
  method: 'POST',
  path: 'api/fareQuote',
  domain: 'flights',
  auth: 'user',
  request: ZOptionRef,
  response: ZFareQuote,
  summary:
    'Re-prices an option at the supplier and keeps the quote for payment; isPriceChanged with the new total when it moved.',
});

export const getSSR = endpoint({
  id: 'flights.getSSR',
  api: 'flight',
  method: 'POST',
  path: 'api/getSSR',
  domain: 'flights',
  auth: 'user',
  request: ZOptionRef,
  response: ZSsrCatalogue,
  summary: "Extra baggage, meals and seats for a quoted option; 404 'No SSR details' when the supplier has none.",
});

const ZPriceView = lazy(() =>
  z.object({
    fare: ZFare,
    fareBreakdown: z.array(ZPaxFare),
    showFullBreakdown: z.boolean(),
    /** travelAgent and staff get a Show/Hide Details control unless a markup applies. */
    showDetailsToggle: z.boolean(),
  }),
);
export const getFlightPrice = endpoint({
  id: 'flights.getFlightPrice',
  api: 'flight',
  method: 'POST',
  path: 'api/getFlightPrice',
  domain: 'flights',
  auth: 'user',
  request: ZOptionRef,
  response: ZPriceView,
  summary: "The caller's fare summary of an option (the last quote if there is one), with what they may see of it.",
});

export const ZFlightDetails = lazy(() =>
  z.object({
    option: ZFlightOption,
    adultCount: z.number(),
    childCount: z.number(),
    infantCount: z.number(),
    JourneyType: z.number(),
    isDomestic: z.boolean(),
    quotedAt: z.nullable(z.string()),
    expiresAt: z.string(),
  }),
);
export const getFlightDetails = endpoint({
  id: 'flights.getFlightDetails',
  api: 'flight',
  method: 'POST',
  path: 'api/getFlightDetails',
  domain: 'flights',
  auth: 'user',
  request: ZOptionRef,
  response: ZFlightDetails,
  summary: 'One option of a search (as last quoted) with the passenger counts, for the review and passenger screens.',
});

export const getPassengerViewOptions = endpoint({
  id: 'flights.getPassengerViewOptions',
  api: 'flight',
  method: 'POST',
  path: 'api/getPassengerViewOptions',
  domain: 'flights',
  auth: 'user',
  request: ZOptionRef,
  response: lazy(() =>
    z.object({
      countryList: z.array(ZCountry),
      phoneCodeList: z.array(ZCountry),
      fareRules: z.array(ZFareRule),
      fareQuote: ZFareQuote,
      /** What the passenger form must ask for this fare. */
      rules: z.object({
        isPassportRequired: z.boolean(),
        isPanRequired: z.boolean(),
        isDomestic: z.boolean(),
        /** Whether this caller may hold (book now, ticket later) this option. */
        canHold: z.boolean(),
        /** Date the youngest/oldest rules are checked against (the last travel date). */
        travelDate: z.string(),
      }),
      walletBalance: z.nullable(z.number()),
    }),
  ),
  summary:
    'Everything the passenger screen needs in one call: country and phone-code lists, fare rules, the fare quote and the form rules.',
});

const ZBookingInput = lazy(() =>
  z.extend(ZOptionRef, {
    passengers: z.array(ZPassengerInput).check(z.minLength(1, MSG.required), z.maxLength(PAX_LIMITS.maxSeated * 2)),
    /** Book now and ticket later (GDS only, where the user and relation allow it). */
    hold: z._default(z.boolean(), false),
  }),
);
export const validateBooking = endpoint({
  id: 'flights.validateBooking',
  api: 'flight',
  method: 'POST',
  path: 'api/validateBooking',
  domain: 'flights',
  auth: 'user',
  request: ZBookingInput,
  /** `charge` itemises `totalPayable` (the amount the payment order will charge). */
  response: lazy(() =>
    z.object({ valid: z.literal(true), totalPayable: z.number(), currency: z.string(), charge: ZCharge }),
  ),
  summary:
    'Checks passengers against the fare (counts, ages on the travel date, passport where required, lead contact) and the chosen SSR against the catalogue; 400 with a message per field otherwise.',
});

export const setFlightDetails = endpoint({
  id: 'flights.setFlightDetails',
  api: 'flight',
  method: 'POST',
  path: 'api/setFlightDetails',
  domain: 'flights',
  auth: 'user',
  permission: 'flights.book',
  request: lazy(() =>
    z.extend(ZBookingInput, {
      paymentMode: z.enum(PAYMENT_MODES, { error: MSG.required }),
      /** The total the user agreed to; a different server-side total refuses with 409 (price changed). */
      expectedTotal: z.optional(z.number()),
      remark: z.optional(zRemarks({ max: 200, required: false })),
    }),
  ),
  response: ZPaymentOrder,
  summary:
    'Validates, then creates the payment order (valid 15 minutes) from the server-side quote plus chosen SSR; for a gateway payment it also starts the payment and returns redirectTo.',
});

export const ZBookingOutcome = lazy(() =>
  z.object({
    order: ZPaymentOrder,
    bookings: z.array(ZBooking),
    /** Where the client goes next: booking details with showReturn (first leg of a normal return) or the ticket queue. */
    next: z.enum(['ticketQueue', 'bookingDetails']),
  }),
);
export const orderSuccessCallback = endpoint({
  id: 'flights.orderSuccessCallback',
  api: 'flight',
  method: 'POST',
  path: 'api/payments/orderSuccessCallback',
  domain: 'flights',
  auth: 'user',
  request: lazy(() => z.object({ orderId: zId() })),
  response: ZBookingOutcome,
  summary:
    'Pays a wallet order (one atomic, idempotent debit) or confirms a verified gateway payment, then books and tickets (or holds); repeated calls return the same outcome.',
});

export const getBookingDetails = endpoint({
  id: 'flights.getBookingDetails',
  api: 'flight',
  method: 'POST',
  path: 'api/getBookingDetails',
  domain: 'flights',
  auth: 'user',
  request: lazy(() =>
    z
      .object({ bookingId: z.optional(zId()), orderId: z.optional(zId()) })
      .check(z.refine((v) => !!(v.bookingId || v.orderId), { message: MSG.required, path: ['bookingId'] })),
  ),
  response: lazy(() => z.object({ booking: ZBooking, order: z.nullable(ZPaymentOrder), showReturn: z.boolean() })),
  summary:
    "A booking (the caller's own; staff: any of the site) with its payment order; showReturn after a normal return's first leg.",
});

/** A normal return's two legs as one trip (docs/flights.md "Return trips"). */
export const ZFlightTrip = lazy(() =>
  z.object({
    tripId: z.string(),
    /** The return search the first leg was booked from. */
    request: ZSearchRequest,
    /** The second leg's one-way search, kept on the server (with `tripId`): "Book return flight" runs it. */
    returnSearch: ZSearchRequest,
    /** The booked legs, onward first. */
    legs: z.array(ZBooking),
    /** True while the return leg is not booked yet (and the caller may book it). */
    canBookReturn: z.boolean(),
    /** The first leg's passengers, to fill in the second leg's form. */
    passengers: z.array(z.omit(ZPassengerInput, { ssr: true })),
  }),
);

export const getFlightTrip = endpoint({
  id: 'flights.getFlightTrip',
  api: 'flight',
  method: 'POST',
  path: 'api/getFlightTrip',
  domain: 'flights',
  auth: 'user',
  request: lazy(() => z.object({ tripId: zId() })),
  response: ZFlightTrip,
  summary:
    "Ours: a return trip (the caller's own; staff: any of the site) with both legs' bookings and the second leg's search.",
});

export const flightEndpoints = [
  search,
  getCalendarFare,
  getSources,
  getFareRules,
  fareQuote,
  getSSR,
  getFlightPrice,
  getFlightDetails,
  getPassengerViewOptions,
  validateBooking,
  setFlightDetails,
  orderSuccessCallback,
  getBookingDetails,
  getFlightTrip,
];
