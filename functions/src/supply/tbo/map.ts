/** TBO JSON (PascalCase) ↔ our supply types (contracts/endpoints/flights.ts field names). */
import type { TSearchRequest, TSeat, TSegment, TSsrCatalogue, TSsrItem } from '@tp/contracts/endpoints/flights';
import type { SupplierFare, SupplierPaxFare } from '@tp/domain/pricing';
import type { ImportedBooking, SupplierOption, SupplyPassenger } from '../types.ts';

type Json = Record<string, any>; // supplier JSON, read field by field

const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v ?? 0) || 0);
const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

export function toTboSearch(req: TSearchRequest): Json {
  return {
    AdultCount: req.adultCount,
    ChildCount: req.childCount,
    InfantCount: req.infantCount,
    DirectFlight: Boolean(req.directFlight),
    OneStopFlight: false,
    // TBO numbers return sub types on JourneyType itself (2 normal, 5 LCC special, 3 GDS special).
    JourneyType: req.JourneyType === 2 && req.returnType && req.returnType !== 2 ? req.returnType : req.JourneyType,
    PreferredAirlines: req.preferredAirlines?.length ? req.preferredAirlines : null,
    Sources: req.Sources?.length ? req.Sources : null,
    Segments: req.segments.map((s) => ({
      Origin: s.origin,
      Destination: s.destination,
      FlightCabinClass: req.cabinClass,
      PreferredDepartureTime:
        s.preferredDepartureTime.length === 10 ? `${s.preferredDepartureTime}T00:00:00` : s.preferredDepartureTime,
      PreferredArrivalTime:
        s.preferredDepartureTime.length === 10 ? `${s.preferredDepartureTime}T00:00:00` : s.preferredDepartureTime,
    })),
  };
}

export function fromTboFare(f: Json): SupplierFare {
  return {
    currency: str(f.Currency) || 'INR',
    baseFare: num(f.BaseFare),
    tax: num(f.Tax),
    yq: num(f.YQTax),
    otherCharges: num(f.OtherCharges),
    serviceFee: num(f.ServiceFee),
    txnFee: num(f.AdditionalTxnFeePub) + num(f.TransactionFee),
    commission: num(f.CommissionEarned),
    incentive: num(f.IncentiveEarned),
    plb: num(f.PLBEarned),
  };
}

/** TBO gives each passenger type's totals; we keep one passenger's share. */
export function fromTboBreakdown(list: Json[] | undefined): SupplierPaxFare[] {
  return (list ?? []).map((b) => {
    const count = Math.max(1, num(b.PassengerCount));
    return {
      passengerType: num(b.PassengerType) as 1 | 2 | 3,
      count,
      baseFare: Math.round((num(b.BaseFare) / count) * 100) / 100,
      tax: Math.round((num(b.Tax) / count) * 100) / 100,
    };
  });
}

function fromTboSegment(s: Json): TSegment {
  const o = s.Origin?.Airport ?? {};
  const d = s.Destination?.Airport ?? {};
  return {
    airlineName: str(s.Airline?.AirlineName),
    airlineCode: str(s.Airline?.AirlineCode),
    flightNumber: str(s.Airline?.FlightNumber),
    fareClass: str(s.Airline?.FareClass),
    operatingCarrier: str(s.Airline?.OperatingCarrier) || str(s.Airline?.AirlineCode),
    craft: str(s.Craft),
    originAirportCode: str(o.AirportCode),
    originAirportName: str(o.AirportName),
    originCityName: str(o.CityName),
    originCityCode: str(o.CityCode),
    originCountryCode: str(o.CountryCode),
    originTerminal: str(o.Terminal),
    destinationAirportCode: str(d.AirportCode),
    destinationAirportName: str(d.AirportName),
    destinationCityName: str(d.CityName),
    destinationCityCode: str(d.CityCode),
    destinationCountryCode: str(d.CountryCode),
    destinationTerminal: str(d.Terminal),
    departureTime: str(s.Origin?.DepTime).slice(0, 19),
    arrivalTime: str(s.Destination?.ArrTime).slice(0, 19),
    durationMinutes: num(s.Duration),
    groundTimeMinutes: num(s.GroundTime),
    tripIndicator: num(s.TripIndicator) || 1,
    flightStatus: str(s.FlightStatus) || 'Confirmed',
    ...(s.AirlinePNR ? { airlinePnr: str(s.AirlinePNR) } : {}),
    baggage: str(s.Baggage),
    cabinBaggage: str(s.CabinBaggage),
    stopPoint: str(s.StopPoint),
    stopPointArrivalTime: str(s.StopPointArrivalTime),
    stopPointDepartureTime: str(s.StopPointDepartureTime),
    ...(s.NoOfSeatAvailable !== undefined ? { seatsLeft: num(s.NoOfSeatAvailable) } : {}),
    segmentAdditionalInfo: { baggage: str(s.Baggage) },
  };
}

/**
 * GetBookingDetails' itinerary segments (one flat list, each with its trip indicator) as our trips; null when the
 * answer carries no schedule (only references, as some ticketing answers do).
 */
export function fromTboItinerarySegments(list: Json[] | undefined): TSegment[][] | null {
  if (!list?.length || list.some((s) => !s?.Origin?.Airport?.AirportCode)) return null;
  const trips: TSegment[][] = [];
  for (const seg of list.map(fromTboSegment)) (trips[seg.tripIndicator - 1] ??= []).push(seg);
  return trips.filter(Boolean);
}

export function fromTboResult(r: Json): SupplierOption {
  const segments: TSegment[][] = (r.Segments ?? []).map((trip: Json[]) => trip.map(fromTboSegment));
  const first = segments[0]?.[0];
  const airlineCode = str(r.ValidatingAirline) || str(r.AirlineCode) || first?.airlineCode || '';
  return {
    resultIndex: str(r.ResultIndex),
    // TBO numbers its sources; ours are 'GDS' or the LCC's airline code.
    source: typeof r.Source === 'string' && r.Source ? r.Source : r.IsLCC ? airlineCode : 'GDS',
    isLcc: Boolean(r.IsLCC),
    isRefundable: Boolean(r.IsRefundable),
    isHoldAllowed: Boolean(r.IsHoldAllowed ?? !r.IsLCC),
    isLCCSpecialReturn: Boolean(r.IsLCCSpecialReturn),
    isPassportRequired: Boolean(r.IsPassportRequiredAtBook ?? r.IsPassportRequiredAtTicket),
    isPanRequired: Boolean(r.IsPanRequiredAtBook ?? r.IsPanRequiredAtTicket),
    lastTicketDate: r.LastTicketDate ? str(r.LastTicketDate) : null,
    airlineCode,
    airlineName: first?.airlineName ?? airlineCode,
    segments,
    fare: fromTboFare(r.Fare ?? {}),
    fareBreakdown: fromTboBreakdown(r.FareBreakdown),
  };
}

const ssrItem = (x: Json, wayType: number): TSsrItem => ({
  code: str(x.Code),
  description: str(x.AirlineDescription ?? x.Description),
  ...(x.Weight !== undefined ? { weight: num(x.Weight) } : {}),
  ...(x.Quantity !== undefined ? { quantity: num(x.Quantity) } : {}),
  price: num(x.Price),
  currency: str(x.Currency) || 'INR',
  wayType: num(x.WayType) || wayType,
  origin: str(x.Origin),
  destination: str(x.Destination),
  airlineCode: str(x.AirlineCode),
  flightNumber: str(x.FlightNumber),
});

export function fromTboSsr(r: Json, isLcc: boolean): TSsrCatalogue | null {
  const baggage = ((r.Baggage ?? []) as Json[][]).flat().map((x) => ssrItem(x, 2));
  const mealDynamic = ((r.MealDynamic ?? []) as Json[][]).flat().map((x) => ssrItem(x, 1));
  // GDS meal preferences come as a plain list of codes.
  for (const m of (r.Meal ?? []) as Json[]) mealDynamic.push(ssrItem({ ...m, Price: 0 }, 2));
  const seatDynamic: TSsrCatalogue['seatDynamic'] = [];
  for (const block of (r.SeatDynamic ?? []) as Json[])
    for (const seg of (block.SegmentSeat ?? []) as Json[]) {
      const rows: TSeat[][] = ((seg.RowSeats ?? []) as Json[]).map((row) =>
        ((row.Seats ?? []) as Json[])
          .filter((s) => str(s.Code) && str(s.Code) !== 'NoSeat')
          .map((s) => ({
            code: str(s.Code),
            rowNo: str(s.RowNo),
            seatNo: str(s.SeatNo),
            seatType: num(s.SeatType),
            // TBO AvailablityType (sic): 1 open, 3 reserved.
            available: num(s.AvailablityType) === 1,
            price: num(s.Price),
            currency: str(s.Currency) || 'INR',
            origin: str(s.Origin),
            destination: str(s.Destination),
            airlineCode: str(s.AirlineCode),
            flightNumber: str(s.FlightNumber),
          })),
      );
      const any = rows.find((x) => x.length)?.[0];
      if (any) seatDynamic.push({ segment: `${any.origin}-${any.destination}`, rows });
    }
  if (!baggage.length && !mealDynamic.length && !seatDynamic.length) return null;
  return { baggage, mealDynamic, seatDynamic, confirmedOnline: isLcc };
}

const tboDate = (d: string | undefined) => (d ? `${d.slice(0, 10)}T00:00:00` : undefined);
const tboSsr = (x: TSsrItem) => ({
  Code: x.code,
  Description: x.description,
  Weight: x.weight,
  Quantity: x.quantity,
  Price: x.price,
  Currency: x.currency,
  WayType: x.wayType,
  Origin: x.origin,
  Destination: x.destination,
  AirlineCode: x.airlineCode,
  FlightNumber: x.flightNumber,
});

/** A passenger as Book/Ticket want it, with its type's fare from the quoted option. */
export function toTboPassenger(p: SupplyPassenger, fare: SupplierPaxFare | undefined, currency: string): Json {
  return {
    Title: p.title,
    FirstName: p.firstName,
    LastName: p.lastName,
    PaxType: p.paxType,
    DateOfBirth: tboDate(p.dateOfBirth),
    Gender: p.gender,
    PassportNo: p.passportNo,
    PassportExpiry: tboDate(p.passportExpiry),
    PassportIssueDate: tboDate(p.passportIssueDate),
    PassportIssueCountryCode: p.passportIssueCountryCode,
    AddressLine1: p.addressLine1,
    City: p.city,
    CountryCode: p.countryCode,
    Nationality: p.nationality,
    ContactNo: p.mobileNo,
    CellCountryCode: p.phoneCode,
    Email: p.email,
    IsLeadPax: p.isLeadPax,
    Fare: fare ? { Currency: currency, BaseFare: fare.baseFare, Tax: fare.tax } : undefined,
    Baggage: p.baggage.map(tboSsr),
    MealDynamic: p.mealDynamic.map(tboSsr),
    SeatDynamic: p.seat.map((s) => ({
      Code: s.code,
      RowNo: s.rowNo,
      SeatNo: s.seatNo,
      SeatType: s.seatType,
      Price: s.price,
      Currency: s.currency,
      Origin: s.origin,
      Destination: s.destination,
      AirlineCode: s.airlineCode,
      FlightNumber: s.flightNumber,
    })),
  };
}

/** Our booking status ids (contracts BOOKING_STATUS) as the consolidator's FlightItinerary.Status. */
export const TBO_BOOKING_STATUS = {
  1: 'held',
  2: 'failed',
  3: 'ticketed',
  4: 'cancelled',
  6: 'released',
  7: 'partiallyCancelled',
} as const;

/** GetChangeRequestStatus.ChangeRequestStatus. */
export const TBO_CR_STATUS = [
  'NotSet',
  'Unassigned',
  'Assigned',
  'Acknowledged',
  'Completed',
  'Rejected',
  'Closed',
  'Pending',
] as const;

const TITLES = ['Mr', 'Mrs', 'Ms', 'Miss', 'Mstr'] as const;

/**
 * GetBookingDetails' itinerary as a booking to import (PNR import): passengers with their tickets, the segments and
 * the fare. Null when it has no itinerary or no segments (nothing to book against).
 */
export function importedOfTbo(it: Json, status: ImportedBooking['status']): ImportedBooking | null {
  const segments = fromTboItinerarySegments(it.Segments as Json[] | undefined);
  if (!it.BookingId || !segments?.length) return null;
  const pax = (it.Passenger ?? []) as Json[];
  const airlineCode = str(it.ValidatingAirlineCode) || str(it.AirlineCode) || segments[0]![0]!.airlineCode;
  const byType = new Map<1 | 2 | 3, SupplierPaxFare>();
  for (const p of pax) {
    const type = ([1, 2, 3] as const).find((t) => t === num(p.PaxType)) ?? 1;
    const seen = byType.get(type);
    byType.set(type, {
      passengerType: type,
      count: (seen?.count ?? 0) + 1,
      baseFare: num(p.Fare?.BaseFare),
      tax: num(p.Fare?.Tax),
    });
  }
  const countries = new Set(segments.flat().flatMap((x) => [x.originCountryCode, x.destinationCountryCode]));
  return {
    pnr: str(it.PNR),
    supplierBookingId: str(it.BookingId),
    status,
    source: str(it.Source) || (it.IsLCC ? airlineCode : 'GDS'),
    isLcc: Boolean(it.IsLCC),
    isRefundable: !it.NonRefundable,
    isDomestic: it.IsDomestic === undefined ? countries.size === 1 : Boolean(it.IsDomestic),
    airlineCode,
    airlineName: segments[0]![0]!.airlineName,
    segments,
    passengers: pax.map((p, i) => ({
      title: TITLES.find((t) => t.toLowerCase() === str(p.Title).toLowerCase()) ?? 'Mr',
      firstName: str(p.FirstName),
      lastName: str(p.LastName),
      paxType: ([1, 2, 3] as const).find((t) => t === num(p.PaxType)) ?? 1,
      gender: num(p.Gender) === 2 ? 2 : 1,
      isLeadPax: Boolean(p.IsLeadPax ?? i === 0),
      ...(p.DateOfBirth ? { dateOfBirth: str(p.DateOfBirth).slice(0, 10) } : {}),
      ticket: p.Ticket
        ? {
            ticketId: str(p.Ticket.TicketId),
            ticketNumber: str(p.Ticket.TicketNumber),
            validatingAirline: str(p.Ticket.ValidatingAirline) || airlineCode,
          }
        : null,
    })),
    fare: fromTboFare(it.Fare ?? {}),
    fareBreakdown: [...byType.values()],
  };
}
