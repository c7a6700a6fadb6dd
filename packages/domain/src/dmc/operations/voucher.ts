/**
 * From the kart's voucher to the job sheet. `transfersOfVoucher` (kart/transfers.ts) lists the
 * legs a vouchered kart needs, with ids derived from the kart and line; this decides what the server writes:
 * new legs as pending transfers, changed legs updated with their driver, charges and status kept, and the
 * kart's open transfers no longer listed (a removed line, a cancelled kart) cancelled. Done and not-done ones
 * are history and stay as they are.
 */
import type { VoucherTransfer } from '../kart/transfers.ts';
import { transferStatusChange } from './status.ts';
import { isOpenTransfer, type Transfer, type TransferDetails } from './types.ts';

export interface TransferSync {
  /** New or changed transfers to write. */
  put: Transfer[];
  /** Open transfers of the kart no longer listed, now cancelled (also to write). */
  cancelled: Transfer[];
}

const VOUCHER_FIELDS = [
  'date',
  'time',
  'pickupLocation',
  'dropLocation',
  'sharingType',
  'remarks',
  'pax',
  'customerName',
  'customerPhone',
  'pickupArea',
  'flightNo',
  'quotationNo',
  'service',
  'hotelName',
  'leadGuest',
] as const satisfies readonly (keyof Transfer)[];

const same = (a: Transfer, b: Transfer): boolean =>
  VOUCHER_FIELDS.every((f) => JSON.stringify(a[f]) === JSON.stringify(b[f]));

/**
 * `saved`: the kart's transfers as stored; `legs`: `transfersOfVoucher(kart)`; `details(leg)`: the quotation,
 * service, hotel, lead guest, customer, pickup area and flight to show. A listed leg whose transfer was cancelled starts afresh (pending, no driver):
 * the staff put the line's transfer back.
 */
export function syncKartTransfers(
  saved: readonly Transfer[],
  legs: readonly VoucherTransfer[],
  details: (leg: VoucherTransfer) => TransferDetails,
  now: string,
): TransferSync {
  const byId = new Map(saved.map((t) => [t.id, t]));
  const put: Transfer[] = [];
  for (const leg of legs) {
    const old = byId.get(leg.id);
    const fresh: Transfer = {
      ...leg,
      ...details(leg),
      driverId: null,
      internalDriverCharges: null,
      status: 'pending',
      isCompleted: false,
      completedAt: null,
    };
    if (!old || old.status === 'cancelled') put.push(fresh);
    else {
      const next: Transfer = { ...old, ...leg, ...details(leg) };
      if (!same(old, next)) put.push(next);
    }
  }
  const listed = new Set(legs.map((l) => l.id));
  const cancelled = saved
    .filter((t) => !listed.has(t.id) && isOpenTransfer(t))
    .flatMap((t) => {
      const r = transferStatusChange(t, 'cancelled', 'staff', now);
      return r.ok ? [r.transfer] : [];
    });
  return { put, cancelled };
}
