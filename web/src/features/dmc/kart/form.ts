/**
 * The quotation builder's form values and the request they make. The request schema (`saveKart.request`) turns
 * the typed text into numbers; the domain's `kartErrors` then checks the §5 rules and `kartTotals` previews the
 * totals, both on that parsed request: the same code the server runs (docs/dmc.md "Karts").
 */
import type * as z from 'zod/mini';
import { saveKart, type TKart } from '@tp/contracts/endpoints/kart';
import {
  kartErrors,
  kartTotals,
  ROOM_TYPES,
  type DepositKind,
  type DmcMessages,
  type KartTotals,
  type KartTransferType,
  type MealPlan,
  type PaxType,
  type PriceBreakup,
  type PricedKart,
  type RoomType,
  type SharingBasis,
} from '@tp/domain/dmc';
import { CHILD_AGES_HINT, childAgesOf } from '../shared/format.ts';

/** What a NumberInput holds: a number, or '' when empty. */
export type Num = number | string;

export interface LegValues {
  date: string;
  time: string;
  pickupLocation: string;
  dropLocation: string;
  remarks: string;
}

export interface TransferValues {
  transferType: KartTransferType | null;
  sharingBasis: SharingBasis | null;
  pickupTransfer: LegValues;
  dropTransfer: LegValues;
}

/** Every line: `key` names it on screen; `id` is the server's, present once the line is saved. */
interface LineValues {
  key: string;
  id: string | null;
  confirmationNumber: string;
  /** What the line costs the DMC (typed on misc, flight and hand-priced hotel lines; the contracts' otherwise). */
  cost: Num;
  /** A price set by hand over the computed one ('' = none), and why. */
  overridePrice: Num;
  overrideReason: string;
}

/** One room of a contract-priced stay: its adults, and its children's ages as typed ("4, 9"). */
export interface StayRoomValues {
  adults: Num;
  childAges: string;
}

/** A hotel line priced from the contract: the room type, meal plan and who sleeps in each room. */
export interface StayValues {
  roomTypeId: string | null;
  mealPlan: MealPlan | null;
  occupancy: StayRoomValues[];
  /**
   * What the contract makes the rooms as they stand (the saved line's, then the live price while editing); null
   * while being priced or refused. Never sent: the server prices the stay again on save. The totals preview reads it.
   */
  roomsPrice: number | null;
}

export interface HotelValues extends LineValues, TransferValues {
  accomodationId: string | null;
  accomodationName: string;
  noOfNights: Num;
  checkinDate: string;
  numberOfRooms: Num;
  rooms: Record<RoomType, { price: Num; count: Num }>;
  /** Set: the rooms are priced night by night from the hotel's contract (`rooms` is not sent); null: typed. */
  contractStay: StayValues | null;
  transferPrice: Num;
  /** The airport's area: set, the server prices the transfer from the area transfers. */
  airportAreaId: string | null;
  airportAreaName: string;
  bookedByCustomer: boolean;
}

export interface ActivityValues extends LineValues {
  cityId: string | null;
  cityName: string;
  activityId: string | null;
  activityName: string;
  tourOptionId: string | null;
  tourOptionName: string;
  /** The rate engine's price for the line as last quoted (the server prices it again on save). */
  price: number | null;
  startDate: string;
  time: string;
  transfers: TransferValues;
}

export interface MiscValues extends LineValues {
  name: string;
  description: string;
  price: Num;
  startDate: string;
}

export interface FlightValues extends LineValues {
  airlineCode: string;
  flightNo: string;
  origin: string;
  destination: string;
  price: Num;
  departureDate: string;
  departureTime: string;
  arrivalDate: string;
  arrivalTime: string;
  pnr: string;
}

export interface PassengerValues {
  key: string;
  title: string;
  firstName: string;
  lastName: string;
  paxType: PaxType;
}

export interface KartValues {
  customerId: string | null;
  customerName: string;
  kartName: string;
  adults: Num;
  child: Num;
  infant: Num;
  arrivalDate: string;
  quoteValidyInDays: Num;
  noOfDays: Num;
  noOfNights: Num;
  marketId: string | null;
  accomodations: HotelValues[];
  activities: ActivityValues[];
  miscellaneous: MiscValues[];
  flightDetails: FlightValues[];
  passengers: PassengerValues[];
  serviceCharge: Num;
  remittanceCharge: Num;
  discount: Num;
  currencySymbol: string;
  priceBreakup: PriceBreakup;
  paymentDeadline: string;
  /** The quotation's own payment terms instead of the site's. */
  ownTerms: boolean;
  depositKind: DepositKind;
  depositValue: Num;
  balanceDaysBeforeArrival: Num;
  internalRemark: string;
  remarkForCustomer: string;
  remark: string;
  isAgentBranding: boolean;
}

export type KartRequest = z.output<typeof saveKart.request>;

let nextKey = 0;
/** A key for a line on screen (saved lines use their id). */
export const newKey = (): string => `new-${++nextKey}`;

const blankLeg = (): LegValues => ({ date: '', time: '', pickupLocation: '', dropLocation: '', remarks: '' });
const blankTransfers = (): TransferValues => ({
  transferType: null,
  sharingBasis: null,
  pickupTransfer: blankLeg(),
  dropTransfer: blankLeg(),
});
const blankRooms = () =>
  Object.fromEntries(ROOM_TYPES.map((t) => [t, { price: '', count: '' }])) as HotelValues['rooms'];

const blankCosting = () => ({ cost: '' as Num, overridePrice: '' as Num, overrideReason: '' });

export const blankLine = {
  accomodations: (): HotelValues => ({
    key: newKey(),
    id: null,
    confirmationNumber: '',
    ...blankCosting(),
    accomodationId: null,
    accomodationName: '',
    noOfNights: 1,
    checkinDate: '',
    numberOfRooms: 1,
    rooms: blankRooms(),
    contractStay: null,
    transferPrice: 0,
    airportAreaId: null,
    airportAreaName: '',
    bookedByCustomer: false,
    ...blankTransfers(),
  }),
  activities: (): ActivityValues => ({
    key: newKey(),
    id: null,
    confirmationNumber: '',
    ...blankCosting(),
    cityId: null,
    cityName: '',
    activityId: null,
    activityName: '',
    tourOptionId: null,
    tourOptionName: '',
    price: null,
    startDate: '',
    time: '',
    transfers: blankTransfers(),
  }),
  miscellaneous: (): MiscValues => ({
    key: newKey(),
    id: null,
    confirmationNumber: '',
    ...blankCosting(),
    name: '',
    description: '',
    price: '',
    startDate: '',
  }),
  flightDetails: (): FlightValues => ({
    key: newKey(),
    id: null,
    confirmationNumber: '',
    ...blankCosting(),
    airlineCode: '',
    flightNo: '',
    origin: '',
    destination: '',
    price: '',
    departureDate: '',
    departureTime: '',
    arrivalDate: '',
    arrivalTime: '',
    pnr: '',
  }),
  passengers: (paxType: PaxType = 'adult'): PassengerValues => ({
    key: newKey(),
    title: '',
    firstName: '',
    lastName: '',
    paxType,
  }),
};

export const blankKart = (): KartValues => ({
  customerId: null,
  customerName: '',
  kartName: '',
  adults: 2,
  child: 0,
  infant: 0,
  arrivalDate: '',
  quoteValidyInDays: 7,
  noOfDays: '',
  noOfNights: '',
  marketId: null,
  accomodations: [],
  activities: [],
  miscellaneous: [],
  flightDetails: [],
  passengers: [],
  serviceCharge: '',
  remittanceCharge: '',
  discount: '',
  currencySymbol: 'AED',
  priceBreakup: 'full',
  paymentDeadline: '',
  ownTerms: false,
  depositKind: 'percent',
  depositValue: '',
  balanceDaysBeforeArrival: '',
  internalRemark: '',
  remarkForCustomer: '',
  remark: '',
  isAgentBranding: false,
});

const text = (v: string | null | undefined): string => v ?? '';

/** Line fields that are optional text (dates, times): '' in the form, null in the API. */
const MISC_TEXTS = ['startDate'] as const;
const FLIGHT_TEXTS = ['departureDate', 'departureTime', 'arrivalDate', 'arrivalTime'] as const;
/** `keys` of `line` through `f`: one mapping both ways (saved → form with `text`, form → body with `orNull`). */
function mapped<T, K extends keyof T, R>(line: T, keys: readonly K[], f: (v: T[K]) => R): { [P in K]: R } {
  return Object.fromEntries(keys.map((k) => [k, f(line[k])])) as { [P in K]: R };
}
const num = (v: number | null | undefined): Num => v ?? '';

function legValues(leg: TKart['activities'][number]['transfers']['pickupTransfer']): LegValues {
  return leg
    ? {
        date: text(leg.date),
        time: text(leg.time),
        pickupLocation: leg.pickupLocation,
        dropLocation: leg.dropLocation,
        remarks: text(leg.remarks),
      }
    : blankLeg();
}

function transferValues(t: TKart['activities'][number]['transfers']): TransferValues {
  return {
    transferType: t.transferType,
    sharingBasis: t.sharingBasis,
    pickupTransfer: legValues(t.pickupTransfer),
    dropTransfer: legValues(t.dropTransfer),
  };
}

type SavedLine = Pick<TKart['miscellaneous'][number], 'id' | 'confirmationNumber' | 'cost' | 'override'>;
const savedLine = (l: SavedLine) => ({
  key: l.id,
  id: l.id,
  confirmationNumber: text(l.confirmationNumber),
  cost: num(l.cost),
  overridePrice: num(l.override?.price),
  overrideReason: text(l.override?.reason),
});

/** The form opened on a saved kart. */
export function kartValues(k: TKart): KartValues {
  return {
    customerId: k.customerId,
    customerName: k.customerName,
    kartName: k.kartName,
    adults: k.adults,
    child: k.child,
    infant: k.infant,
    arrivalDate: k.arrivalDate,
    quoteValidyInDays: num(k.quoteValidyInDays),
    noOfDays: k.noOfDays,
    noOfNights: k.noOfNights,
    marketId: k.marketId,
    accomodations: k.accomodations.map((l) => ({
      ...savedLine(l),
      accomodationId: l.accomodationId,
      accomodationName: text(l.accomodationName),
      noOfNights: l.noOfNights,
      checkinDate: text(l.checkinDate),
      numberOfRooms: l.numberOfRooms,
      rooms: Object.fromEntries(
        ROOM_TYPES.map((t) => [t, { price: num(l.rooms[t]?.price), count: num(l.rooms[t]?.count) }]),
      ) as HotelValues['rooms'],
      contractStay: l.contractStay
        ? {
            roomTypeId: l.contractStay.roomTypeId,
            mealPlan: l.contractStay.mealPlan,
            occupancy: l.contractStay.occupancy.map((r) => ({ adults: r.adults, childAges: r.childAges.join(', ') })),
            roomsPrice: l.contractStay.roomsPrice ?? null,
          }
        : null,
      transferPrice: l.transferPrice,
      airportAreaId: l.airportAreaId ?? null,
      airportAreaName: '',
      bookedByCustomer: l.bookedByCustomer,
      ...transferValues(l),
    })),
    activities: k.activities.map((l) => ({
      ...savedLine(l),
      cityId: null,
      cityName: '',
      activityId: l.activityId,
      activityName: text(l.activityName),
      tourOptionId: l.tourOptionId,
      tourOptionName: text(l.tourOptionName),
      price: l.price,
      startDate: text(l.startDate),
      time: text(l.time),
      transfers: transferValues(l.transfers),
    })),
    miscellaneous: k.miscellaneous.map((l) => ({
      ...savedLine(l),
      name: l.name,
      description: l.description,
      price: l.price,
      ...mapped(l, MISC_TEXTS, text),
    })),
    flightDetails: k.flightDetails.map(({ id, confirmationNumber, cost, override, ...l }) => ({
      ...savedLine({ id, confirmationNumber, cost, override }),
      ...l,
      ...mapped(l, FLIGHT_TEXTS, text),
    })),
    passengers: k.passengers.map((p) => ({ key: newKey(), ...p })),
    serviceCharge: num(k.serviceCharge),
    remittanceCharge: num(k.remittanceCharge),
    discount: num(k.discount),
    currencySymbol: k.currencySymbol,
    priceBreakup: k.priceBreakup,
    paymentDeadline: text(k.paymentDeadline),
    // The builder shows the terms in force: the quotation's own, else the site's (a copy to start an override from).
    ownTerms: !!k.paymentTerms,
    depositKind: k.schedule.terms.depositKind,
    depositValue: k.schedule.terms.depositValue,
    balanceDaysBeforeArrival: k.schedule.terms.balanceDaysBeforeArrival,
    internalRemark: k.internalRemark,
    remarkForCustomer: k.remarkForCustomer,
    remark: k.remark,
    isAgentBranding: k.isAgentBranding,
  };
}

/** '' is absent (the request's own blank-as-missing rule, stated once here for nested fields). */
const orNull = (v: string): string | null => (v.trim() ? v.trim() : null);
const amount = (v: Num): number | null => (v === '' ? null : Number(v));

function legBody(leg: LegValues, wanted: boolean) {
  if (!wanted) return null;
  return {
    date: orNull(leg.date),
    time: orNull(leg.time),
    pickupLocation: leg.pickupLocation,
    dropLocation: leg.dropLocation,
    remarks: leg.remarks,
  };
}

/** A line's transfers: legs only for the type chosen (one way: pickup; return: both). */
function transfersBody(t: TransferValues) {
  return {
    transferType: t.transferType,
    sharingBasis: t.transferType ? t.sharingBasis : null,
    pickupTransfer: legBody(t.pickupTransfer, t.transferType !== null),
    dropTransfer: legBody(t.dropTransfer, t.transferType === 'return'),
  };
}

const lineBody = (l: LineValues) => ({
  ...(l.id ? { id: l.id } : {}),
  ...(l.confirmationNumber.trim() ? { confirmationNumber: l.confirmationNumber.trim() } : {}),
  cost: amount(l.cost),
  override: l.overridePrice === '' ? null : { price: l.overridePrice, reason: l.overrideReason },
});

/** The `kart/saveKart` body of the form (before the schema parses it). */
export function kartBody(v: KartValues, saved: { id: string; version: number } | null, isVouchered = false) {
  return {
    ...(saved ? { id: saved.id, version: saved.version } : {}),
    ...(v.customerId ? { customerId: v.customerId } : {}),
    kartName: v.kartName,
    adults: v.adults,
    child: v.child,
    infant: v.infant,
    arrivalDate: v.arrivalDate,
    quoteValidyInDays: v.quoteValidyInDays,
    noOfDays: v.noOfDays,
    noOfNights: v.noOfNights,
    marketId: v.marketId,
    accomodations: v.accomodations.map((l) => ({
      ...lineBody(l),
      // A contract-priced stay's cost is the contract's, written by the server's pricing on save.
      ...(l.contractStay ? { cost: null } : {}),
      ...(l.accomodationId ? { accomodationId: l.accomodationId } : {}),
      accomodationName: l.accomodationName,
      noOfNights: l.noOfNights,
      checkinDate: orNull(l.checkinDate),
      numberOfRooms: l.numberOfRooms,
      // Room types without a count book nothing and are left out; a contract-priced stay sends none.
      rooms: l.contractStay
        ? {}
        : Object.fromEntries(
            ROOM_TYPES.filter((t) => l.rooms[t].count !== '' && Number(l.rooms[t].count) > 0).map((t) => [
              t,
              { price: l.rooms[t].price === '' ? 0 : l.rooms[t].price, count: l.rooms[t].count },
            ]),
          ),
      contractStay: l.contractStay && {
        roomTypeId: l.contractStay.roomTypeId ?? '',
        mealPlan: l.contractStay.mealPlan as MealPlan,
        // Ages typed wrong are the form's own error (stayErrors); meanwhile the room counts as without children.
        occupancy: l.contractStay.occupancy.map((r) => ({
          adults: Number(r.adults),
          childAges: childAgesOf(r.childAges) ?? [],
        })),
      },
      transferPrice: l.transferPrice === '' ? 0 : l.transferPrice,
      airportAreaId: l.transferType ? l.airportAreaId : null,
      bookedByCustomer: l.bookedByCustomer,
      ...transfersBody(l),
    })),
    activities: v.activities.map((l) => ({
      ...lineBody(l),
      ...(l.activityId ? { activityId: l.activityId } : {}),
      ...(l.tourOptionId ? { tourOptionId: l.tourOptionId } : {}),
      activityName: l.activityName,
      tourOptionName: l.tourOptionName,
      price: l.price ?? 0,
      startDate: orNull(l.startDate),
      time: orNull(l.time),
      transfers: transfersBody(l.transfers),
    })),
    miscellaneous: v.miscellaneous.map((l) => ({
      ...lineBody(l),
      name: l.name,
      description: l.description,
      price: l.price,
      ...mapped(l, MISC_TEXTS, orNull),
    })),
    flightDetails: v.flightDetails.map((l) => ({
      ...lineBody(l),
      ...mapped(l, ['airlineCode', 'origin', 'destination'] as const, (code) => code.toUpperCase()),
      flightNo: l.flightNo,
      price: l.price,
      ...mapped(l, FLIGHT_TEXTS, orNull),
      pnr: l.pnr,
    })),
    passengers: v.passengers.map(({ title, firstName, lastName, paxType }) => ({
      title,
      firstName,
      lastName,
      paxType,
    })),
    serviceCharge: amount(v.serviceCharge),
    remittanceCharge: amount(v.remittanceCharge),
    discount: amount(v.discount),
    remark: v.remark,
    priceBreakup: v.priceBreakup,
    isVouchered,
    paymentDeadline: orNull(v.paymentDeadline),
    paymentTerms: v.ownTerms
      ? {
          depositKind: v.depositKind,
          depositValue: v.depositValue === '' ? Number.NaN : Number(v.depositValue),
          balanceDaysBeforeArrival: v.balanceDaysBeforeArrival === '' ? Number.NaN : Number(v.balanceDaysBeforeArrival),
        }
      : null,
    internalRemark: v.internalRemark,
    remarkForCustomer: v.remarkForCustomer,
    currencySymbol: v.currencySymbol,
    isAgentBranding: v.isAgentBranding,
  };
}

/** The §5 rules of the domain on the parsed request (the messages are the spec's). */
export const kartRule = (request: KartRequest, m: DmcMessages) =>
  kartErrors(request as unknown as Parameters<typeof kartErrors>[0], m);

/**
 * The totals the server will compute, from the form as it stands (null while an amount is not a number yet). A
 * preview only: after a save the screen shows the server's totals.
 */
export function previewTotals(v: KartValues, collectedPayment: number | null = null): KartTotals | null {
  const parsed = saveKart.request.safeParse(kartBody(v, null));
  if (!parsed.success) return null;
  const r = parsed.data;
  // A contract-priced stay counts at the contract's price for it; until that price is known there is no total.
  const stays = v.accomodations.map((l) => l.contractStay);
  if (stays.some((stay) => stay && stay.roomsPrice === null)) return null;
  const accomodations = r.accomodations.map((l, i) =>
    l.contractStay ? { ...l, contractStay: { ...l.contractStay, roomsPrice: stays[i]!.roomsPrice } } : l,
  );
  const withIds = <T extends object>(lines: T[]) => lines.map((l, i) => ({ id: String(i), ...l }));
  try {
    return kartTotals({
      accomodations: withIds(accomodations),
      activities: withIds(r.activities),
      miscellaneous: withIds(r.miscellaneous),
      flightDetails: withIds(r.flightDetails),
      serviceCharge: r.serviceCharge,
      remittanceCharge: r.remittanceCharge,
      discount: r.discount,
      collectedPayment,
    } as unknown as PricedKart);
  } catch {
    return null;
  }
}

/** The contract-priced stays' typed child ages that are no ages, by field (beside the request schema's errors). */
export function stayErrors(v: KartValues): Record<string, string> {
  const errors: Record<string, string> = {};
  v.accomodations.forEach((l, i) =>
    l.contractStay?.occupancy.forEach((r, j) => {
      if (childAgesOf(r.childAges) === null)
        errors[`accomodations.${i}.contractStay.occupancy.${j}.childAges`] = CHILD_AGES_HINT;
    }),
  );
  return errors;
}

/** What a line reads of the quotation's party: its arrival, adults and children, market and currency. */
export type PartyValues = Pick<KartValues, 'arrivalDate' | 'adults' | 'child' | 'marketId' | 'currencySymbol'>;
