/**
 * What a vouchered quotation owes its suppliers (docs/dmc.md "Paying suppliers"): one payable per supplied service
 * at its cost: a hotel line's rooms to the hotel, an activity line to the activity's operator. Transfers are owed to
 * the driver from the job sheet's charges, misc and flight lines name no supplier. Pure: no I/O.
 */
import { addDays, daysBetween } from './dates.ts';
import { fromMinor, toMinor } from './money.ts';
import { ROOM_TYPES, type Kart, type KartAccomodation } from './types.ts';

export const SUPPLIER_KINDS = ['hotel', 'activity', 'driver'] as const;
export type SupplierKind = (typeof SUPPLIER_KINDS)[number];

export interface SupplierRef {
  kind: SupplierKind;
  id: string;
  name: string;
}

export interface RaisedPayable {
  /** The kart line it pays for (one payable per line and supplier). */
  lineId: string;
  supplier: SupplierRef;
  service: string;
  /** The day the service is given (check-in, the activity's day): the payment terms count from it. */
  serviceDate: string;
  amount: number;
}

/** A hotel line's rooms at cost: the contract's or the typed cost, else their sell; nothing when the guest booked. */
function roomsCostMinor(line: KartAccomodation): number {
  if (line.bookedByCustomer) return 0;
  if (typeof line.cost === 'number') return toMinor(line.cost);
  const stay = line.contractStay?.roomsPrice;
  if (typeof stay === 'number') return toMinor(stay);
  const perNight = ROOM_TYPES.reduce((n, t) => n + toMinor(line.rooms[t]?.price) * (line.rooms[t]?.count ?? 0), 0);
  return line.noOfNights * perNight;
}

type VoucheredKart = Pick<Kart, 'arrivalDate' | 'accomodations' | 'activities'>;

/** The payables vouchering raises: one per hotel and activity line that costs something. */
export function payablesOfVoucher(kart: VoucheredKart): RaisedPayable[] {
  const hotels = kart.accomodations.map((l): RaisedPayable => ({
    lineId: l.id,
    supplier: { kind: 'hotel', id: l.accomodationId, name: l.accomodationName ?? l.accomodationId },
    service: `${l.noOfNights} night${l.noOfNights === 1 ? '' : 's'}, ${l.numberOfRooms} room${l.numberOfRooms === 1 ? '' : 's'}${
      l.contractStay?.roomTypeName ? ` ${l.contractStay.roomTypeName}` : ''
    }`,
    serviceDate: l.checkinDate ?? kart.arrivalDate,
    amount: fromMinor(roomsCostMinor(l)),
  }));
  const activities = kart.activities.map((l): RaisedPayable => ({
    lineId: l.id,
    supplier: { kind: 'activity', id: l.activityId, name: l.activityName ?? l.activityId },
    service: l.tourOptionName ?? l.tourOptionId,
    serviceDate: l.startDate ?? kart.arrivalDate,
    amount: fromMinor(typeof l.cost === 'number' ? toMinor(l.cost) : toMinor(l.price)),
  }));
  return [...hotels, ...activities].filter((p) => p.amount > 0);
}

/** When a supplier is paid: a number of days after the service is given, or after its invoice reaches us. */
export interface SupplierPaymentTerms {
  basis: 'afterService' | 'afterInvoice';
  days: number;
}

/** A supplier without terms of its own: 30 days after the service. */
export const DEFAULT_SUPPLIER_TERMS: SupplierPaymentTerms = { basis: 'afterService', days: 30 };

/** The day a payable falls due; an after-invoice term counts from the day it was raised (the voucher). */
export const payableDueDate = (terms: SupplierPaymentTerms, serviceDate: string, raisedOn: string): string =>
  addDays(terms.basis === 'afterService' ? serviceDate : raisedOn, terms.days);

export const AGEING_BUCKETS = ['notDue', '0-30', '31-60', '61-90', '90+'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

/** Days overdue on `today` put a payable in a bucket; one not yet due is `notDue`. */
export function ageingBucket(dueDate: string, today: string): AgeingBucket {
  const late = daysBetween(dueDate, today);
  if (late < 0) return 'notDue';
  if (late <= 30) return '0-30';
  if (late <= 60) return '31-60';
  if (late <= 90) return '61-90';
  return '90+';
}

/** What is still owed on a payable: raised less reversed less paid (negative: the supplier owes us back). */
export const payableOutstanding = (p: { amount: number; reversed: number; paid: number }): number =>
  fromMinor(toMinor(p.amount) - toMinor(p.reversed) - toMinor(p.paid));

/** The problem with paying `amount` on a payable, null when it may be paid. */
export function supplierPaymentProblem(amount: number, outstanding: number): string | null {
  if (!Number.isFinite(amount) || amount <= 0) return 'Enter an amount above 0';
  if (toMinor(amount) / 100 !== amount) return 'An amount takes at most 2 decimals';
  if (toMinor(amount) > toMinor(outstanding)) return 'This payment is more than what is owed to the supplier';
  return null;
}

/** What of a transfer decides its driver's payable (structurally the operations' `Transfer`). */
export interface TransferForPayable {
  id: string;
  kartId: string;
  leg: string;
  date: string | null;
  pickupLocation: string;
  dropLocation: string;
  driverId: string | null;
  internalDriverCharges: number | null;
  status: string;
}

/**
 * What a transfer owes its driver (docs/dmc.md "Paying suppliers" → "Transfers"): the job sheet's charges once the
 * job is closed, done or not done (a no-show is paid), with a driver and charges above 0; nothing for an open or
 * cancelled one. Charges are set after the job, so the payable is raised by the first change that closes a job with
 * charges, or sets charges on a closed one.
 */
export function transferOwed(t: TransferForPayable): (RaisedPayable & { driverId: string }) | null {
  if (t.status !== 'done' && t.status !== 'notDone') return null;
  if (!t.driverId || !t.date) return null;
  const amount = toMinor(t.internalDriverCharges);
  if (amount <= 0) return null;
  return {
    lineId: t.id,
    driverId: t.driverId,
    supplier: { kind: 'driver', id: t.driverId, name: t.driverId },
    service: `Transfer ${t.leg}: ${t.pickupLocation} → ${t.dropLocation}`,
    serviceDate: t.date,
    amount: fromMinor(amount),
  };
}
