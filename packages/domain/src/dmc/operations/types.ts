/**
 * Operations (spec 001 §3 "Transfer", §4): the transfers a vouchered kart creates, run from the
 * job sheet and the driver page. A `Transfer` is the kart's `VoucherTransfer` (kart/transfers.ts: id, kartId,
 * source line, leg, `sharingType`, `date`, `time`, `pickupLocation`, `dropLocation`, `remarks`, pax) plus what
 * operations add; spec field names are kept (`driverId`, `internalDriverCharges`, `isCompleted`, `completedAt`).
 * Dates are `YYYY-MM-DD`, times `HH:MM` in the site's time zone, instants ISO 8601.
 */
import type { JobDetails, VoucherTransfer } from '../kart/transfers.ts';
import type { Driver } from '../types.ts';

/**
 * §4 names only `isCompleted` (true or false, set by staff; true by the driver). Ours: `pending` (no driver),
 * `assigned`, `done`, `notDone` (did not happen: no-show, missed), `cancelled` (final).
 */
export const TRANSFER_STATUSES = ['pending', 'assigned', 'done', 'notDone', 'cancelled'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** Open transfers still have to be driven: a kart's cancellation cancels these and only these. */
export const OPEN_STATUSES: readonly TransferStatus[] = ['pending', 'assigned'];
export const isOpenTransfer = (t: Pick<Transfer, 'status'>): boolean => OPEN_STATUSES.includes(t.status);

/** What the job sheet shows beside the voucher's fields, copied when the transfer is made or re-vouchered. */
export interface TransferDetails extends JobDetails {
  /** The kart's customer: the driver page shows them without a join. */
  customerName: string;
  customerPhone: string;
  /** Area of the pickup (the hotel's area), for sorting by area; null when unknown. */
  pickupArea: string | null;
  /** The arriving or departing flight of an airport leg, when the kart has one. */
  flightNo: string | null;
}

export interface Transfer extends VoucherTransfer, TransferDetails {
  driverId: string | null;
  /** What the driver is paid for the job (`dmc/updateTransferDriverCharges` `charges`); never shown to drivers. */
  internalDriverCharges: number | null;
  status: TransferStatus;
  /** The spec's wire view of `status`: true exactly when done; kept in step by `transferStatusChange`. */
  isCompleted: boolean;
  completedAt: string | null;
}

/** The kart line section a transfer serves: a hotel (airport arrival / departure) or an activity. */
export type TransferSection = Transfer['source']['section'];

/**
 * A driver as operations need one. `vehicleCapacity` (ours, the spec's driver has none): passenger seats of the
 * vehicle the driver runs (sedan 3, van 7, minibus 14, coach 40+); null when not recorded, and then never checked.
 */
export type OpsDriver = Pick<Driver, 'driverId' | 'driverName'> & { vehicleCapacity?: number | null };

/** Seats a transfer takes: every passenger, infants included. */
export const seatsOf = (t: Pick<Transfer, 'pax'>): number => t.pax.adults + t.pax.child + t.pax.infant;
