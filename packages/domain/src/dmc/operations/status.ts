/**
 * Who may change a transfer, and to what (spec §4 "a driver marks a transfer done with the access token; staff
 * set isCompleted true or false"). Every change returns the whole new transfer, so `status`, `isCompleted` and
 * `completedAt` never drift apart; a change to the state it already has is accepted with `changed: false`
 * (a double tap on a phone, a retried request).
 */
import { amountProblem } from '../checks.ts';
import type { DmcMessages } from '../messages.ts';
import { OPS_TEXT, STATUS_LABELS } from './messages.ts';
import type { Transfer, TransferStatus } from './types.ts';

/** `open` puts a done or not-done transfer back to assigned (or pending without a driver). */
export const STATUS_TARGETS = ['done', 'notDone', 'open', 'cancelled'] as const;
export type StatusTarget = (typeof STATUS_TARGETS)[number];

/** Staff, or the driver the access token belongs to. */
export type StatusActor = 'staff' | { driver: string };

export type OpsRefusalCode =
  'notYourTransfer' | 'driverOnlyDone' | 'cancelled' | 'closed' | 'needsDriver' | 'tooEarly' | 'invalid';

export type OpsResult =
  { ok: true; transfer: Transfer; changed: boolean } | { ok: false; code: OpsRefusalCode; message: string };

const refuse = (code: OpsRefusalCode, message: string): OpsResult => ({ ok: false, code, message });

const withStatus = (t: Transfer, status: TransferStatus, now: string): OpsResult => {
  if (t.status === status) return { ok: true, transfer: t, changed: false };
  const done = status === 'done';
  return {
    ok: true,
    changed: true,
    transfer: { ...t, status, isCompleted: done, completedAt: done ? now : null },
  };
};

const openStatus = (t: Transfer): TransferStatus => (t.driverId === null ? 'pending' : 'assigned');

/**
 * The API maps `dmc/updateTransferStatusByStaff` `isCompleted` true → `done`, false → `notDone`, and
 * `dmcDriver/updateTransferDoneByDriver` → `done` by `{ driver }`. A driver asking about another driver's
 * transfer gets `notYourTransfer` whatever its state, so the answer reveals nothing about it.
 */
export function transferStatusChange(
  t: Transfer,
  to: StatusTarget,
  by: StatusActor,
  now: string,
  /** The site's calendar day (the transfer's date is a site day); the UTC day of `now` when not given. */
  today: string = now.slice(0, 10),
): OpsResult {
  if (by !== 'staff') {
    if (t.driverId === null || t.driverId !== by.driver) return refuse('notYourTransfer', OPS_TEXT.notYourTransfer);
    if (to !== 'done') return refuse('driverOnlyDone', OPS_TEXT.driverOnlyDone);
    // A driver marks a ride done once its day has come (one was marked done eight days early).
    if (t.date !== null && t.date > today) return refuse('tooEarly', OPS_TEXT.notYetItsDay(t.date));
    if (t.status === 'cancelled') return refuse('cancelled', OPS_TEXT.cancelled);
    if (t.status === 'notDone') return refuse('closed', OPS_TEXT.markedNotDone);
    return withStatus(t, 'done', now);
  }
  if (t.status === 'cancelled')
    return to === 'cancelled' ? withStatus(t, 'cancelled', now) : refuse('cancelled', OPS_TEXT.cancelled);
  switch (to) {
    case 'done':
      return t.driverId === null ? refuse('needsDriver', OPS_TEXT.needsDriver) : withStatus(t, 'done', now);
    case 'notDone':
      return withStatus(t, 'notDone', now);
    case 'open':
      return withStatus(t, openStatus(t), now);
    case 'cancelled':
      return t.status === 'done' || t.status === 'notDone'
        ? refuse('closed', OPS_TEXT.reopenFirst(STATUS_LABELS[t.status]))
        : withStatus(t, 'cancelled', now);
  }
}

/**
 * `dmc/updateTransferDriver`: assign, change or (null) remove the driver of an open transfer. A done or not-done
 * transfer keeps the driver who had it (their payout); reopen it first. The charges stay with the job.
 */
export function transferDriverChange(t: Transfer, driverId: string | null): OpsResult {
  if (t.status === 'cancelled') return refuse('cancelled', OPS_TEXT.cancelled);
  if (t.status === 'done' || t.status === 'notDone')
    return refuse('closed', OPS_TEXT.reopenFirst(STATUS_LABELS[t.status]));
  if (t.driverId === driverId) return { ok: true, transfer: t, changed: false };
  return {
    ok: true,
    changed: true,
    transfer: { ...t, driverId, status: driverId === null ? 'pending' : 'assigned' },
  };
}

/**
 * `dmc/updateTransferDriverCharges`: a non-negative amount, kept to the cent. Allowed on done and not-done
 * transfers too (a charge is often settled after the job, and a no-show is still paid); not once cancelled.
 */
export function transferChargesChange(t: Transfer, charges: unknown, m: DmcMessages): OpsResult {
  if (t.status === 'cancelled') return refuse('cancelled', OPS_TEXT.cancelled);
  const problem = amountProblem(charges, m);
  if (problem !== null) return refuse('invalid', problem);
  const cents = Math.round((charges as number) * 100) / 100;
  if (t.internalDriverCharges === cents) return { ok: true, transfer: t, changed: false };
  return { ok: true, changed: true, transfer: { ...t, internalDriverCharges: cents } };
}
