/**
 * Demo bookings for the ticket queues: a few hundred per demo site across the demo agents, customers
 * and dates (ticketed, cancelled, held, with change requests), written with the flights repo's
 * putBooking so they carry every index item the API reads. `demoBooking` is also what the ticket tests
 * use to put bookings in exact states.
 */
import { BOOKING_STATUS, type TBookedPassenger, type TSegment } from '@tp/contracts/endpoints/flights';
import { putBooking, getBooking, type BookingRecord } from '../../functions/src/bookings/index.ts';
import { getUser, userIdByEmail } from '../../functions/src/users/repo.ts';
import { DEMO_SITES } from './sites.ts';
import type { SiteId } from '../../functions/src/lib/keys.ts';

const AIRPORTS: Record<string, [city: string, country: string]> = {
  DEL: ['Delhi', 'IN'],
  BOM: ['Mumbai', 'IN'],
  BLR: ['Bengaluru', 'IN'],
  GOI: ['Goa', 'IN'],
  MAA: ['Chennai', 'IN'],
  HYD: ['Hyderabad', 'IN'],
  DXB: ['Dubai', 'AE'],
  SIN: ['Singapore', 'SG'],
  LHR: ['London', 'GB'],
  BKK: ['Bangkok', 'TH'],
};
const AIRLINES: Record<string, string> = {
  '6E': 'IndiGo',
  AI: 'Air India',
  UK: 'Vistara',
  SG: 'SpiceJet',
  EK: 'Emirates',
};
const FIRST = ['Aarav', 'Priya', 'Rohan', 'Ananya', 'Vikram', 'Meera', 'Kabir', 'Isha', 'Arjun', 'Diya', 'Luc', 'Sara'];
const LAST = ['Sharma', 'Iyer', 'Khan', 'Patel', 'Reddy', 'Nair', 'Gupta', 'Singh', 'Desmarais', 'Fernandes'];

/** A small deterministic generator, so every seed run writes the same demo data. */
function lcg(seed: number) {
  let s = seed >>> 0 || 1;
  return (n: number) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const local = (d: Date) => `${d.toISOString().slice(0, 19)}`;

export function demoSegment(
  from: string,
  to: string,
  airline: string,
  flightNumber: string,
  departure: Date,
): TSegment {
  const arrival = new Date(departure.getTime() + 2 * 3600_000 + 15 * 60_000);
  const [fromCity, fromCountry] = AIRPORTS[from] ?? [from, 'IN'];
  const [toCity, toCountry] = AIRPORTS[to] ?? [to, 'IN'];
  return {
    airlineName: AIRLINES[airline] ?? airline,
    airlineCode: airline,
    flightNumber,
    fareClass: 'Y',
    operatingCarrier: airline,
    originAirportCode: from,
    originAirportName: `${fromCity} International Airport`,
    originCityName: fromCity,
    originCityCode: from,
    originCountryCode: fromCountry,
    originTerminal: '1',
    destinationAirportCode: to,
    destinationAirportName: `${toCity} International Airport`,
    destinationCityName: toCity,
    destinationCityCode: to,
    destinationCountryCode: toCountry,
    destinationTerminal: '2',
    departureTime: local(departure),
    arrivalTime: local(arrival),
    durationMinutes: 135,
    groundTimeMinutes: 0,
    tripIndicator: 1,
    flightStatus: 'Confirmed',
    baggage: '15 KG',
    cabinBaggage: '7 KG',
    stopPoint: '',
    stopPointArrivalTime: '',
    stopPointDepartureTime: '',
  };
}

export interface DemoBookingSpec {
  siteId: SiteId;
  user: {
    userId: string;
    email: string;
    firstName: string;
    lastName: string;
    userType: string;
    companyName?: string;
    legalEntityId: string;
  };
  bookingId: string;
  pnr: string;
  createdAt: Date;
  travelDate: Date;
  statusId: number;
  route: [string, string, ...string[]];
  airline: string;
  passengers: { firstName: string; lastName: string; paxType?: 1 | 2 | 3 }[];
  /** Per passenger, before extras. */
  farePerPax?: number;
  lastTicketDate?: Date | null;
  supplierBookingId?: string;
}

const STATUS_TEXT: Record<number, string> = {
  1: 'Held',
  2: 'Failed',
  3: 'Ticketed',
  4: 'Cancelled',
  5: 'ChangeRequested',
  6: 'Released',
  7: 'PartiallyCancelled',
  8: 'Reissued',
};

export function demoBooking(spec: DemoBookingSpec): BookingRecord {
  const legs = spec.route
    .slice(1)
    .map((to, i) =>
      demoSegment(
        spec.route[i]!,
        to,
        spec.airline,
        String(100 + (spec.pnr.charCodeAt(0) % 900) + i),
        new Date(spec.travelDate.getTime() + i * 4 * 3600_000),
      ),
    );
  const isDomestic = legs.every((s) => s.originCountryCode === 'IN' && s.destinationCountryCode === 'IN');
  const perPax = spec.farePerPax ?? 5000;
  const ticketed =
    spec.statusId !== BOOKING_STATUS.held &&
    spec.statusId !== BOOKING_STATUS.failed &&
    spec.statusId !== BOOKING_STATUS.released;
  const passengers: TBookedPassenger[] = spec.passengers.map((p, i) => ({
    title: 'Mr',
    firstName: p.firstName,
    lastName: p.lastName,
    paxType: p.paxType ?? 1,
    gender: 1,
    isLeadPax: i === 0,
    ...(i === 0 ? { email: spec.user.email, phoneCode: '+91', mobileNo: '9800000000' } : {}),
    paxIndex: i,
    ticket: ticketed
      ? {
          ticketId: `${spec.bookingId}-T${i + 1}`,
          ticketNumber: `0981${spec.pnr.replace(/\W/g, '').slice(0, 4).toUpperCase()}${pad(i + 1, 3)}`.slice(0, 13),
          validatingAirline: spec.airline,
        }
      : null,
    baggage: [],
    mealDynamic: [],
    seat: [],
    fare: { passengerType: p.paxType ?? 1, baseFare: perPax * 0.8, tax: perPax * 0.2, totalFare: perPax },
  }));
  const n = passengers.length;
  const total = perPax * n;
  return {
    siteId: spec.siteId,
    userId: spec.user.userId,
    version: 1,
    bookingId: spec.bookingId,
    pnr: spec.pnr,
    orderId: `ORD-${spec.bookingId}`,
    searchId: `seed-${spec.bookingId}`,
    resultIndex: 'OB1',
    supplierBookingId: spec.supplierBookingId ?? `SEED-${spec.bookingId}`,
    source: 'GDS',
    supplier: 'simulator',
    // The seed's bookings stand for the simulator's: they carry its mark.
    testInventory: true,
    isLcc: false,
    isRefundable: true,
    isDomestic,
    journeyType: 1,
    leg: 1,
    linkedBookingId: null,
    statusId: spec.statusId,
    status: STATUS_TEXT[spec.statusId] ?? 'Ticketed',
    lastTicketDate: spec.lastTicketDate ? local(spec.lastTicketDate) : null,
    airlineCode: spec.airline,
    airlineName: AIRLINES[spec.airline] ?? spec.airline,
    segments: [legs],
    passengers,
    fare: {
      currency: 'INR',
      baseFare: total * 0.8,
      tax: total * 0.2 - 20 * n,
      yq: 0,
      offeredOtherCharges: 0,
      serviceFee: 0,
      txnFee: 20 * n,
      publishedFare: total,
      offeredFare: total * 0.97,
      commissionEarned: 0,
      tds: 0,
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
    },
    fareRules: [
      {
        origin: spec.route[0],
        destination: spec.route.at(-1)!,
        airline: spec.airline,
        fareRuleDetail:
          'Cancellation: INR 3000 per passenger before departure. Date change: INR 2500 plus fare difference.',
      },
    ],
    agentMarkup: 0,
    agentDiscount: 0,
    accounting: {
      amountCharged: total,
      currency: 'INR',
      paymentMode: 'wallet',
      transactionId: null,
      legalEntityId: spec.user.legalEntityId,
      refundedAmount: 0,
    },
    user: {
      userId: spec.user.userId,
      email: spec.user.email,
      firstName: spec.user.firstName,
      lastName: spec.user.lastName,
      userType: spec.user.userType,
      ...(spec.user.companyName ? { companyName: spec.user.companyName } : {}),
    },
    ticketCRInfo: [],
    supplierChangeReqStatus: null,
    createdAt: spec.createdAt.toISOString(),
    travelDate: legs[0]!.departureTime,
    invoiceCreatedOn: ticketed ? spec.createdAt.toISOString() : null,
  };
}

export async function demoUser(siteId: SiteId, email: string): Promise<DemoBookingSpec['user'] | null> {
  const id = await userIdByEmail(siteId, email);
  const u = id ? await getUser(siteId, id) : null;
  if (!u) return null;
  return {
    userId: u.userId,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    userType: u.userType,
    ...(u.companyName ? { companyName: u.companyName } : {}),
    legalEntityId: u.legalEntityId,
  };
}

/** Bookings per demo site: agents and customers, over the last 120 days, travelling up to 90 days later. */
export const DEMO_BOOKINGS_PER_SITE = 240;
const BOOKERS = ['agent', 'agent2', 'retail', 'retail2', 'corporate'];
const ROUTES: [string, string][] = [
  ['DEL', 'BOM'],
  ['BOM', 'GOI'],
  ['BLR', 'DEL'],
  ['MAA', 'HYD'],
  ['DEL', 'BLR'],
  ['BOM', 'DXB'],
  ['DEL', 'SIN'],
  ['BOM', 'LHR'],
  ['BLR', 'BKK'],
];

export async function seedBookings(now = new Date()): Promise<void> {
  for (const site of DEMO_SITES) {
    const users = (await Promise.all(BOOKERS.map((l) => demoUser(site.siteId, `${l}@${site.domain}`)))).filter(
      (u): u is NonNullable<typeof u> => !!u,
    );
    if (!users.length) continue;
    const rnd = lcg(site.siteId.length * 7919 + site.siteId.charCodeAt(5));
    const prefix = site.siteId
      .replace(/^site-/, '')
      .slice(0, 2)
      .toUpperCase();
    for (let i = 0; i < DEMO_BOOKINGS_PER_SITE; i++) {
      const bookingId = `${prefix}${pad(i + 1, 5)}`;
      if (await getBooking(site.siteId, bookingId)) continue;
      const user = users[rnd(users.length)]!;
      const route = ROUTES[rnd(ROUTES.length)]!;
      const intl = !(AIRPORTS[route[1]]?.[1] === 'IN');
      const airline = intl ? (['AI', 'EK', 'UK'] as const)[rnd(3)]! : (['6E', 'AI', 'UK', 'SG'] as const)[rnd(4)]!;
      const roll = rnd(100);
      // Held bookings are recent and still within their ticketing time; the rest spread over 120 days.
      const held = roll < 6;
      const createdAt = new Date(
        now.getTime() - (held ? rnd(2 * 24) : 3 + rnd(120 * 24)) * 3600_000 - rnd(3600) * 1000,
      );
      const travelDate = new Date(createdAt.getTime() + (held ? 10 + rnd(40) : 1 + rnd(90)) * 86_400_000);
      travelDate.setUTCHours(3 + rnd(16), 5 * rnd(12), 0, 0);
      const statusId = held ? BOOKING_STATUS.held : roll < 14 ? BOOKING_STATUS.cancelled : BOOKING_STATUS.ticketed;
      const paxCount = 1 + rnd(3);
      await putBooking(
        demoBooking({
          siteId: site.siteId,
          user,
          bookingId,
          pnr: `${prefix}${(0x10000 + i * 7919 + rnd(997)).toString(36).toUpperCase()}`,
          createdAt,
          travelDate,
          statusId,
          route,
          airline,
          passengers: Array.from({ length: paxCount }, () => ({
            firstName: FIRST[rnd(FIRST.length)]!,
            lastName: LAST[rnd(LAST.length)]!,
          })),
          farePerPax: 2500 + rnd(60) * 100,
          lastTicketDate: held ? new Date(now.getTime() + (2 + rnd(5)) * 86_400_000) : null,
        }),
      );
    }
  }
}
