/**
 * The DMC masters (spec 001 §3): what a destination-management company keeps before it can quote.
 * Field names are the spec's (its spellings included: `accomodation`, `validTillDate`). Dates are
 * `YYYY-MM-DD`, times `HH:MM`, amounts in the currency named beside them. Records carry no site id: the
 * repository keys them by site.
 */

/** Sharing basis of a kart transfer (§3), exact spellings: one basis for both legs, or drop and pickup apart. */
export const SHARING_BASES = [
  'SIC',
  'PVT',
  'DROP_SIC_PICKUP_SIC',
  'DROP_SIC_PICKUP_PVT',
  'DROP_PVT_PICKUP_SIC',
  'DROP_PVT_PICKUP_PVT',
] as const;
export type SharingBasis = (typeof SHARING_BASES)[number];

/** What a tour transfer rate is contracted on (§5 "sharing basis PVT or SIC"): a seat, or a vehicle. */
export const RATE_SHARING_BASES = ['SIC', 'PVT'] as const;
export type RateSharingBasis = (typeof RATE_SHARING_BASES)[number];

/** Transfer direction (§3) of a transfer rate or an area transfer. */
export const TRANSFER_DIRECTIONS = ['Pickup', 'Drop', 'Pickup & Drop'] as const;
export type TransferDirection = (typeof TRANSFER_DIRECTIONS)[number];

/** A kart line's transfer type (§3 accommodation line): one way is the pickup only, return both legs. */
export const KART_TRANSFER_TYPES = ['oneway', 'return'] as const;
export type KartTransferType = (typeof KART_TRANSFER_TYPES)[number];

/** Area-transfer sharing basis (§3): `private` is shown as PVT. */
export const AREA_SHARING_BASES = ['sharing', 'private'] as const;
export type AreaSharingBasis = (typeof AREA_SHARING_BASES)[number];
export const AREA_SHARING_LABELS: Record<AreaSharingBasis, string> = { sharing: 'Sharing', private: 'PVT' };

/** Activity priority when none is given (§9). */
export const DEFAULT_ACTIVITY_PRIORITY = 1;

/** The buyer segment a rate is sold to (India, GCC…); its rates are contracted in `currency`. */
export interface Market {
  marketId: string;
  name: string;
  currency: string;
}

export interface Area {
  id: string;
  name: string;
  cityId: number;
}

/** Accommodation master (a hotel). */
export interface Accommodation {
  id: string;
  name: string;
  address: string;
  /** The area the hotel sits in (pickups for activities start there). */
  area: string | null;
  cityId: number;
  phoneNumber: string;
  email: string;
}

export interface Activity {
  id: string;
  name: string;
  description: string;
  cityId: number;
  priority: number;
  area: string | null;
}

/** A sellable variant of an activity (Burj Khalifa: level 124 off-peak, prime, level 148). */
export interface TourOption {
  id: string;
  activityId: string;
  name: string;
  description: string;
  hasTimeSlots: boolean;
  /** `HH:MM` slots offered when `hasTimeSlots`. */
  timeSlots: string[];
  hasMeal: boolean;
  hasGuide: boolean;
  /** False for an option sold without a ticket (a transfer-only service): it prices with no ticket rate. */
  hasTicket: boolean;
  /** `HH:MM` the guest is picked up at the hotel, and picked up again for the drop back. */
  pickupTime: string | null;
  dropPickupTime: string | null;
}

export interface Location {
  id: string;
  location: string;
}

export interface Driver {
  driverId: string;
  driverName: string;
  phone: string;
  /** Issued by `dmc/generateDriverAccessToken`; absent until then. */
  driverAccessToken?: string;
  /** Ours: passenger seats of the driver's vehicle, for the job sheet's capacity warning; null: not recorded. */
  vehicleCapacity?: number | null;
}

/** Validity (inclusive both ends) and pax band shared by every rate. */
export interface RateTerms {
  marketId: string;
  /** Per person when true; per vehicle / boat / group when false. */
  isPerPax: boolean;
  /** Pax band (adults + children), inclusive; null is open. */
  minPax: number | null;
  maxPax: number | null;
  validFromDate: string;
  validTillDate: string;
}

/** Rates of one tour option are tried highest `priority` first (see priority.ts). */
export interface TicketRate extends RateTerms {
  id: string;
  tourOptionId: string;
  /** Per person, or the whole group's price when `isPerPax` is false. */
  adultAmount: number;
  childAmount: number;
  /** What the DMC pays the supplier for the same (ours); absent: not known, the sell is taken as the cost. */
  adultCost?: number | null;
  childCost?: number | null;
  priority: number;
}

export interface TransferRate extends RateTerms {
  id: string;
  tourOptionId: string;
  description: string;
  transferType: TransferDirection;
  sharingBasis: RateSharingBasis;
  /** Per person (adult or child alike), or per vehicle when `isPerPax` is false. */
  amount: number;
  /** What the DMC pays per person or vehicle (ours); absent: not known, the sell is taken as the cost. */
  cost?: number | null;
  priority: number;
}

/** A date range during which a tour option cannot be sold: to every market, or to one. */
export interface StopSale {
  id: string;
  tourOptionId: string;
  marketId: string | null;
  fromDate: string;
  tillDate: string;
  reason: string;
}

/** A ride from one area to another (airport ↔ hotel areas). Amounts in US dollars, 2 decimals (§9). */
export interface AreaTransfer extends RateTerms {
  id: string;
  from: string;
  to: string;
  description: string;
  transferType: TransferDirection;
  sharingBasis: AreaSharingBasis;
  amount: number;
  /** What the DMC pays, US dollars (ours); absent: not known, the sell is taken as the cost. */
  cost?: number | null;
  /** Sold on its own, not only as part of a kart hotel line. */
  isStandAlone: boolean;
}

/** One tour option in a combo, with the transfer included each way (none, a seat, a private vehicle). */
export interface ComboTourOption {
  tourOptionId: string;
  onwardTransfer: RateSharingBasis | null;
  returnTransfer: RateSharingBasis | null;
}

/** Several tour options sold together at one price. */
export interface Combo {
  id: string;
  name: string;
  currency: string;
  amount: number;
  createdAt: string;
  tourOptions: ComboTourOption[];
}
