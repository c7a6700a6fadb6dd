/**
 * A kart (quotation) as spec 001 §3 names it. Field names are the spec's, its spellings included
 * (`accomodations`, `quoteValidyInDays`, `child`): partner sites rely on them. Fields the spec does not name are
 * ours and say so. Dates are `YYYY-MM-DD`, times `HH:MM`, amounts in the kart's currency with at most
 * 2 decimals (docs/dmc.md "Karts").
 */
import type { MealPlan, RoomOccupancy } from '../hotels/index.ts';
import type { KartTransferType, SharingBasis } from '../types.ts';

/** What the printed quotation shows of prices (§3, §9): every line, section totals, one total, none. */
export const PRICE_BREAKUPS = ['full', 'partial', 'none', 'noprice'] as const;
export type PriceBreakup = (typeof PRICE_BREAKUPS)[number];

/** §9: a kart lasts at most 90 days and 90 nights. */
export const KART_MAX_DAYS = 90;
/** Validity when a kart names none (dmc.md §2 "quotes are valid about 7 days"). */
export const DEFAULT_QUOTE_VALIDITY_DAYS = 7;
/** A balance is "due soon" this many days before the payment deadline (the kart list flags it). */
export const PAYMENT_DUE_SOON_DAYS = 3;

/** Room types a hotel line is priced by (§3; dmc.md §2: single, double/twin, extra adult, CWB, CNB). */
export const ROOM_TYPES = ['single', 'double', 'extraAdult', 'childWithBed', 'childWithoutBed'] as const;
export type RoomType = (typeof ROOM_TYPES)[number];

/** Price per night of one unit of a room type, and how many units the stay books (all rooms together). */
export interface RoomTypeLine {
  price: number;
  count: number;
}

/** Passenger types a kart counts (`adults`, `child`, `infant`). */
export const PAX_TYPES = ['adult', 'child', 'infant'] as const;
export type PaxType = (typeof PAX_TYPES)[number];

/** One leg of a line's transfer (ours: the spec names "pickup and drop transfers" without fields). */
export interface KartTransferLeg {
  /** Absent: the line's own date (check-in / check-out for a hotel, the start date for an activity). */
  date?: string | null;
  /** Absent: the activity's time; a hotel leg without a time is timed on the job sheet. */
  time?: string | null;
  pickupLocation: string;
  dropLocation: string;
  remarks?: string;
}

/**
 * A line's transfer: `oneway` is the pickup leg only, `return` both legs; a transfer type needs a sharing basis
 * (§5). Null transfer type: no transfer.
 */
export interface KartTransfers {
  transferType: KartTransferType | null;
  sharingBasis: SharingBasis | null;
  pickupTransfer: KartTransferLeg | null;
  dropTransfer: KartTransferLeg | null;
}

/**
 * A price set by hand over the one the contracts give (ours): the line's whole sell price (for a hotel, every
 * night and the transfer) and why. Marked on the staff view; the kart's audit entry records who and when.
 */
export interface PriceOverride {
  price: number;
  reason: string;
}

/**
 * An exchange rate a line's price was converted with (ours, docs/dmc.md "Exchange rates"): one `from` unit is
 * `rate` `to` units, `buffer` (a percentage) already added, from the table row valid from `validFrom`.
 */
export interface RateUsed {
  from: string;
  to: string;
  rate: number;
  buffer: number;
  validFrom: string;
}

/**
 * Every kart line has an id (ours): removes, confirmation numbers and voucher transfers refer to it. Besides the
 * price the customer sees, a line carries what it costs the DMC and how it was priced: the staff view only, never
 * the quotation document (`quotationView` reads `KartTotals`, which hold no cost).
 */
interface KartLine {
  id: string;
  /** The supplier's confirmation number, printed on the voucher (§3 "confirmation numbers"). */
  confirmationNumber?: string;
  /**
   * What the whole line costs the DMC in the kart's currency: from the contract rows' cost when the server prices
   * it, typed for misc and flight lines. Absent: not known, counted as its sell (no margin claimed).
   */
  cost?: number | null;
  /** Sell price set by hand, with its reason; null or absent: the line sells at its computed price. */
  override?: PriceOverride | null;
  /** How the contracts priced the line, as the rate check shows it ("2 × AED 150.00 + …"); server-written. */
  working?: string | null;
  /** The exchange rates its price was converted with (none when contracted in the kart's currency). */
  ratesUsed?: RateUsed[];
}

export interface KartAccomodation extends KartLine, KartTransfers {
  accomodationId: string;
  /** The hotel's name when the line was added (ours), so a printed quotation needs no lookup. */
  accomodationName?: string;
  noOfNights: number;
  checkinDate: string | null;
  numberOfRooms: number;
  /** Room types not listed book nothing. */
  rooms: Partial<Record<RoomType, RoomTypeLine>>;
  /** Whole transfer price of the line (both legs, the whole party). */
  transferPrice: number;
  /**
   * The airport's area the arrival and departure run from (ours). Set, with a transfer type, the server prices the
   * transfer from the area transfers (hotel's area ↔ this one) and converts it into the kart's currency; unset,
   * `transferPrice` is the staff's.
   */
  airportAreaId?: string | null;
  /** What the transfer costs the DMC, when priced from the area transfers (server-written). */
  transferCost?: number | null;
  /** The guest booked the hotel: the rooms are not charged, the transfers still are. */
  bookedByCustomer: boolean;
  /** Output only: the line total kartTotals computes (nights × rooms + transfer); never read. */
  price?: number;
  /**
   * Priced from the hotel's contract (ours, docs/dmc.md "Hotel contracts"): the room type and meal plan of the
   * contract and who sleeps in each room. Absent: the line is priced by hand from `rooms`.
   */
  contractStay?: ContractStay | null;
}

/** A hotel line priced night by night from the hotel's contract; `roomsPrice`, `roomsCost` are the server's. */
export interface ContractStay {
  roomTypeId: string;
  roomTypeName?: string;
  mealPlan: MealPlan;
  /** One entry per room. */
  occupancy: RoomOccupancy[];
  /** Output only: every room for every night, as the contract sells and costs it. */
  roomsPrice?: number;
  roomsCost?: number;
  /** Output only: some night is not held by an allotment (the hotel confirms it). */
  onRequest?: boolean;
}

export interface KartActivity extends KartLine {
  activityId: string;
  tourOptionId: string;
  /** Names when the line was added (ours), for the printed quotation. */
  activityName?: string;
  tourOptionName?: string;
  /** Ticket plus transfers, as the rate engine prices it (`TourOptionPrice.price`) for the kart's party. */
  price: number;
  startDate: string | null;
  time: string | null;
  transfers: KartTransfers;
  /** Server-written: the combo the line is sold in; its `price` is then its share of the combo's price. */
  combo?: ComboShare | null;
}

/** A line sold as part of a combo: the combo's whole price for the party and the options it takes, by name. */
export interface ComboShare {
  comboId: string;
  name: string;
  price: number;
  replaces: number;
  options: string[];
}

export interface KartMiscellaneous extends KartLine {
  name: string;
  description: string;
  price: number;
  /** Required once vouchered (§5 'Please select start date for all miscellaneous'). */
  startDate: string | null;
}

export interface KartFlight extends KartLine {
  airlineCode: string;
  flightNo: string;
  origin: string;
  destination: string;
  price: number;
  departureDate: string | null;
  departureTime: string | null;
  arrivalDate: string | null;
  arrivalTime: string | null;
  pnr: string;
}

export interface KartPassenger {
  /** Required (§5). */
  title: string;
  firstName: string;
  lastName: string;
  /** Counted against the kart's adults, child and infant (§5 'Passenger count mismatch…'). */
  paxType: PaxType;
}

export interface Kart {
  id: string;
  customerId: string;
  kartName: string;
  adults: number;
  child: number;
  infant: number;
  arrivalDate: string;
  quoteValidyInDays: number | null;
  /** The day the current version was quoted (ours): validity counts from it. */
  quoteDate: string;
  accomodations: KartAccomodation[];
  activities: KartActivity[];
  miscellaneous: KartMiscellaneous[];
  flightDetails: KartFlight[];
  passengers: KartPassenger[];
  /** Output only: the grand total kartTotals computes from the lines; a client's value is never read. */
  totalPrice?: number;
  /** Absolute amounts in the kart's currency, absent = 0. */
  serviceCharge: number | null;
  remittanceCharge: number | null;
  discount: number | null;
  remark: string;
  priceBreakup: PriceBreakup;
  quotationId: string;
  noOfDays: number;
  noOfNights: number;
  isVouchered: boolean;
  isCancelled: boolean;
  paymentDeadline: string | null;
  collectedPayment: number | null;
  internalRemark: string;
  remarkForCustomer: string;
  currencySymbol: string;
  isAgentBranding: boolean;
}

/** Derived state (docs/dmc.md "Karts"): §4 names only `isVouchered` and `isCancelled`. */
export const KART_STATUSES = ['quotation', 'expired', 'vouchered', 'cancelled'] as const;
export type KartStatus = (typeof KART_STATUSES)[number];
