/**
 * What a printed quotation shows, as plain data a print page or a PDF renders; amounts are
 * numbers the renderer formats with the kart's currency. The price break-up decides what is priced:
 *
 *   full     every line's price, section totals, charges, grand total
 *   partial  section totals, charges, grand total (no line prices)
 *   none     the grand total only
 *   noprice  no amount at all: the itinerary, for an agent to re-price and rebrand
 *
 * Collected payment and balance show with any priced mode. The internal remark never shows.
 */
import { MEAL_PLAN_LABELS } from '../hotels/contract.ts';
import type { PaymentSchedule, PaymentTerms } from './payment-terms.ts';
import { kartValidTill } from './deadlines.ts';
import { KART_SECTIONS, type KartSection, type KartTotals } from './totals.ts';
import {
  ROOM_TYPES,
  type ContractStay,
  type Kart,
  type KartAccomodation,
  type KartActivity,
  type KartFlight,
  type KartMiscellaneous,
  type KartTransfers,
  type PriceBreakup,
  type RoomType,
} from './types.ts';

/** Our wording for the document (the spec quotes none). */
export const QUOTATION_TEXT = {
  sections: {
    accomodations: 'Hotels',
    activities: 'Activities',
    miscellaneous: 'Other services',
    flightDetails: 'Flights',
  } satisfies Record<KartSection, string>,
  rooms: {
    single: 'Single',
    double: 'Double',
    extraAdult: 'Extra adult',
    childWithBed: 'Child with bed',
    childWithoutBed: 'Child without bed',
  } satisfies Record<RoomType, string>,
  charges: { serviceCharge: 'Service charge', remittanceCharge: 'Remittance charge', discount: 'Discount' },
  bookedByCustomer: 'Hotel booked by the guest',
} as const;

export interface QuotationLine {
  id: string;
  title: string;
  details: string[];
  /** Null unless the mode is full. */
  price: number | null;
}

export interface QuotationSection {
  section: KartSection;
  title: string;
  lines: QuotationLine[];
  /** Null in none and noprice. */
  total: number | null;
}

export type ChargeKey = keyof typeof QUOTATION_TEXT.charges;

export interface QuotationView {
  mode: PriceBreakup;
  kartName: string;
  quotationId: string;
  arrivalDate: string;
  noOfDays: number;
  noOfNights: number;
  pax: { adults: number; child: number; infant: number };
  passengers: { title: string; firstName: string; lastName: string }[];
  currencySymbol: string;
  isAgentBranding: boolean;
  remarkForCustomer: string;
  validTill: string;
  paymentDeadline: string | null;
  /** Sections with at least one line, in print order. */
  sections: QuotationSection[];
  /** Non-zero charges, in full and partial (the discount as a positive amount to subtract). */
  charges: { key: ChargeKey; label: string; amount: number }[];
  grandTotal: number | null;
  payment: { collectedPayment: number; balanceDue: number } | null;
  /** The deposit and the balance with its day under the quotation's terms (absent on older shared copies). */
  schedule?: QuotationSchedule | null;
}

export interface QuotationSchedule {
  depositKind: PaymentTerms['depositKind'];
  depositValue: number;
  deposit: number;
  balance: number;
  balanceDueDate: string;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function transferText(t: KartTransfers): string[] {
  if (!t.transferType || !t.sharingBasis) return [];
  return [`${t.transferType === 'return' ? 'Return transfer' : 'One-way transfer'} (${t.sharingBasis})`];
}

const when = (date: string | null, time: string | null): string[] =>
  date ? [[date, time].filter(Boolean).join(' ')] : [];

/** A contract-priced stay as the guest reads it: "Deluxe, Bed & breakfast (2 adults, 1 child)". */
export function stayText(stay: ContractStay): string {
  const adults = stay.occupancy.reduce((n, r) => n + r.adults, 0);
  const children = stay.occupancy.reduce((n, r) => n + r.childAges.length, 0);
  const who = [plural(adults, 'adult'), ...(children ? [children === 1 ? '1 child' : `${children} children`] : [])];
  return `${stay.roomTypeName ?? stay.roomTypeId}, ${MEAL_PLAN_LABELS[stay.mealPlan]} (${who.join(', ')})`;
}

function hotelLine(l: KartAccomodation): Omit<QuotationLine, 'price'> {
  const rooms = l.contractStay
    ? stayText(l.contractStay)
    : ROOM_TYPES.filter((t) => (l.rooms[t]?.count ?? 0) > 0)
        .map((t) => `${l.rooms[t]?.count} × ${QUOTATION_TEXT.rooms[t]}`)
        .join(', ');
  return {
    id: l.id,
    title: l.accomodationName || l.accomodationId,
    details: [
      `${plural(l.noOfNights, 'night')}${l.checkinDate ? ` from ${l.checkinDate}` : ''}`,
      `${plural(l.numberOfRooms, 'room')}${rooms ? `: ${rooms}` : ''}`,
      ...(l.bookedByCustomer ? [QUOTATION_TEXT.bookedByCustomer] : []),
      ...transferText(l),
    ],
  };
}

const activityLine = (l: KartActivity): Omit<QuotationLine, 'price'> => ({
  id: l.id,
  title: [l.activityName || l.activityId, l.tourOptionName].filter(Boolean).join(': '),
  details: [
    ...when(l.startDate, l.time),
    ...transferText(l.transfers),
    // Named without its amount: a price-less document shows none, and the line's price is its share of the combo's.
    ...(l.combo ? [`Combo ${l.combo.name} (${l.combo.options.join(' + ')})`] : []),
  ],
});

const miscLine = (l: KartMiscellaneous): Omit<QuotationLine, 'price'> => ({
  id: l.id,
  title: l.name,
  details: [...(l.description.trim() ? [l.description.trim()] : []), ...when(l.startDate, null)],
});

const flightLine = (l: KartFlight): Omit<QuotationLine, 'price'> => ({
  id: l.id,
  title: `${l.airlineCode} ${l.flightNo} ${l.origin} → ${l.destination}`,
  details: [
    ...when(l.departureDate, l.departureTime).map((s) => `Departs ${s}`),
    ...when(l.arrivalDate, l.arrivalTime).map((s) => `Arrives ${s}`),
    ...(l.pnr.trim() ? [`PNR ${l.pnr.trim()}`] : []),
  ],
});

/**
 * The printable quotation for its break-up mode; with `schedule`, the payment schedule (never in `noprice`: an
 * itinerary names no amount).
 */
export function quotationView(
  kart: Kart,
  totals: KartTotals,
  mode: PriceBreakup,
  schedule: PaymentSchedule | null = null,
): QuotationView {
  const priced = mode !== 'noprice';
  const describe: { [S in KartSection]: Omit<QuotationLine, 'price'>[] } = {
    accomodations: kart.accomodations.map(hotelLine),
    activities: kart.activities.map(activityLine),
    miscellaneous: kart.miscellaneous.map(miscLine),
    flightDetails: kart.flightDetails.map(flightLine),
  };
  const sections = KART_SECTIONS.filter((s) => describe[s].length).map((s) => ({
    section: s,
    title: QUOTATION_TEXT.sections[s],
    lines: describe[s].map((l, i) => ({ ...l, price: mode === 'full' ? (totals.lines[s][i]?.total ?? 0) : null })),
    total: mode === 'full' || mode === 'partial' ? totals.sections[s] : null,
  }));
  const charges =
    mode === 'full' || mode === 'partial'
      ? (Object.keys(QUOTATION_TEXT.charges) as ChargeKey[])
          .filter((key) => totals[key] !== 0)
          .map((key) => ({ key, label: QUOTATION_TEXT.charges[key], amount: totals[key] }))
      : [];
  return {
    mode,
    kartName: kart.kartName,
    quotationId: kart.quotationId,
    arrivalDate: kart.arrivalDate,
    noOfDays: kart.noOfDays,
    noOfNights: kart.noOfNights,
    pax: { adults: kart.adults, child: kart.child, infant: kart.infant },
    passengers: kart.passengers.map(({ title, firstName, lastName }) => ({ title, firstName, lastName })),
    currencySymbol: kart.currencySymbol,
    isAgentBranding: kart.isAgentBranding,
    remarkForCustomer: kart.remarkForCustomer,
    validTill: kartValidTill(kart),
    paymentDeadline: kart.paymentDeadline,
    sections,
    charges,
    grandTotal: priced ? totals.grandTotal : null,
    payment: priced ? { collectedPayment: totals.collectedPayment, balanceDue: totals.balanceDue } : null,
    schedule:
      priced && schedule
        ? {
            depositKind: schedule.terms.depositKind,
            depositValue: schedule.terms.depositValue,
            deposit: schedule.deposit,
            balance: schedule.balance,
            balanceDueDate: schedule.balanceDueDate,
          }
        : null,
  };
}
