import type { TFare, TFareQuote, TFlightOption, TSearchResponse, TSegment } from '@tp/contracts/endpoints/flights';
import { chargeOf } from '@tp/domain/charge';

/** Deterministic flight data for component tests and the results bench (no I/O, types only). */

const AIRLINES = [
  ['6E', 'IndiGo'],
  ['AI', 'Air India'],
  ['UK', 'Vistara'],
  ['SG', 'SpiceJet'],
  ['QP', 'Akasa Air'],
] as const;
const VIA = ['AMD', 'HYD', 'JAI', 'BLR', 'GOI'];

const hhmm = (date: string, minute: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCMinutes(minute);
  return d.toISOString().slice(0, 19);
};

export function fare(total: number, extra: Partial<TFare> = {}): TFare {
  const base = Math.round(total * 0.8 * 100) / 100;
  return {
    currency: 'INR',
    baseFare: base,
    tax: Math.round((total - base) * 100) / 100,
    yq: 0,
    offeredOtherCharges: 0,
    serviceFee: 0,
    txnFee: 0,
    publishedFare: total,
    offeredFare: total - 100,
    commissionEarned: 100,
    tds: 5,
    markup: 0,
    gstOnMarkup: 0,
    discount: 0,
    publishedPrice: total,
    totalFare: total,
    totalPayable: total,
    totalPayableAmt: total,
    baggagePrice: 0,
    mealPrice: 0,
    seatPrice: 0,
    ...extra,
  };
}

function segment(
  code: string,
  name: string,
  from: string,
  to: string,
  dep: string,
  arr: string,
  dur: number,
  ground: number,
  trip: number,
  n: number,
): TSegment {
  return {
    airlineName: name,
    airlineCode: code,
    flightNumber: String(100 + n),
    fareClass: 'Y',
    operatingCarrier: code,
    originAirportCode: from,
    originAirportName: `${from} Airport`,
    originCityName: from,
    originCityCode: from,
    originCountryCode: 'IN',
    originTerminal: '1',
    destinationAirportCode: to,
    destinationAirportName: `${to} Airport`,
    destinationCityName: to,
    destinationCityCode: to,
    destinationCountryCode: 'IN',
    destinationTerminal: '2',
    departureTime: dep,
    arrivalTime: arr,
    durationMinutes: dur,
    groundTimeMinutes: ground,
    tripIndicator: trip,
    flightStatus: 'Confirmed',
    baggage: '15 KG',
    cabinBaggage: '7 KG',
    stopPoint: '',
    stopPointArrivalTime: '',
    stopPointDepartureTime: '',
  };
}

/** Option `i` of a route: airline, stops (0–2), departure and price vary with i. */
export function flightOption(
  i: number,
  origin = 'DEL',
  destination = 'BOM',
  date = '2026-12-01',
  trip = 1,
): TFlightOption {
  const [code, name] = AIRLINES[i % AIRLINES.length]!;
  const stops = i % 7 === 0 ? 2 : i % 3 === 0 ? 1 : 0;
  const route = [origin, ...VIA.slice(i % 3, (i % 3) + stops), destination];
  let minute = (i * 37) % (24 * 60);
  const segments = route.slice(0, -1).map((from, s) => {
    const ground = s === 0 ? 0 : 50;
    minute += ground;
    const dep = hhmm(date, minute);
    minute += 110;
    return segment(code, name, from, route[s + 1]!, dep, hhmm(date, minute), 110, ground, trip, i);
  });
  const price = 3000 + ((i * 7919) % 9000) + stops * 250;
  return {
    resultIndex: `${trip === 1 ? 'OB' : 'IB'}${i}`,
    source: i % 2 ? 'GDS' : code,
    isLcc: i % 2 === 0,
    isRefundable: i % 4 !== 0,
    isHoldAllowed: i % 2 === 1,
    isLCCSpecialReturn: false,
    isPassportRequired: false,
    isPanRequired: false,
    lastTicketDate: null,
    airlineCode: code,
    airlineName: name,
    segments: [segments],
    publishedPrice: price,
    fare: fare(price),
    fareBreakdown: [{ passengerType: 1, count: 1, baseFare: price * 0.8, tax: price * 0.2, totalFare: price }],
  };
}

export function searchResponse(count: number, extra: Partial<TSearchResponse> = {}): TSearchResponse {
  return {
    searchId: 'S1',
    expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    JourneyType: 1,
    isDomestic: true,
    adultCount: 1,
    childCount: 0,
    infantCount: 0,
    segments: [{ origin: 'DEL', destination: 'BOM', preferredDepartureTime: '2026-12-01T00:00:00' }],
    results: [Array.from({ length: count }, (_, i) => flightOption(i))],
    showFullBreakdown: false,
    ...extra,
  };
}

/** A fare quote of an option as the server answers it (its charge from the domain rule, no extras). */
export function fareQuoteOf(
  option: TFlightOption,
  extra: Partial<Omit<TFareQuote, 'option' | 'charge'>> = {},
): TFareQuote {
  return {
    searchId: 'S1',
    resultIndex: option.resultIndex,
    isPriceChanged: false,
    previousTotalPayable: option.fare.totalPayable,
    option,
    expiresAt: new Date(Date.now() + 600_000).toISOString(),
    charge: chargeOf(option.fare, option.fareBreakdown, []),
    ...extra,
  };
}

/** validateBooking's answer for a fare of `total` without extras (the charge the server itemises). */
export function bookingCheck(total: number) {
  const f = fare(total, { commissionEarned: 0, tds: 0 });
  const charge = chargeOf(f, [{ passengerType: 1, count: 1, tax: f.tax, totalFare: total }], []);
  return { valid: true as const, totalPayable: charge.total, currency: 'INR', charge };
}
