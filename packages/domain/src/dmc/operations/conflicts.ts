/**
 * Job-sheet warnings shown before saving an assignment: a driver on two transfers that overlap in
 * time, and more passengers than the driver's vehicle takes. Warnings, not refusals: the office may know better
 * (a second vehicle, a short hop).
 *
 * Time: a transfer occupies its driver from its pickup time for a block by line type (`TRANSFER_BLOCK_MINUTES`),
 * half open, so a block ending at 11:00 does not overlap one starting at 11:00. SIC legs of one driver starting
 * on the same date and time are one pooled run (dmc.md: "SIC runs are pooled by area and window"): they never
 * conflict with each other, and their passengers add up against the vehicle.
 */
import { OPS_TEXT } from './messages.ts';
import { addDays } from '../kart/dates.ts';
import { transferDriverChange } from './status.ts';
import { absoluteMinute, clockOf } from './time.ts';
import { seatsOf, type OpsDriver, type Transfer, type TransferSection } from './types.ts';

/**
 * Assumed minutes a leg keeps its driver busy. Airport legs: a Dubai airport run is 20–60 min plus up to 50 min
 * of free waiting at arrivals (dmc.md "No-show"). Activity legs: hotel ↔ venue inside the city, 15 min of waiting
 * at the hotel included.
 */
export const TRANSFER_BLOCK_MINUTES: Record<TransferSection, number> = { accomodations: 90, activities: 60 };
const LONGEST_BLOCK = Math.max(...Object.values(TRANSFER_BLOCK_MINUTES));

export type ConflictCode = 'overlap' | 'capacity' | 'noTime' | 'driverNotListed';

export interface TransferWarning {
  code: ConflictCode;
  message: string;
  /** The other transfers involved (the overlapping one, the rest of the SIC run); empty otherwise. */
  otherTransferIds: string[];
}

/** Transfer id → its warnings; transfers without warnings are absent. */
export type TransferWarnings = Record<string, TransferWarning[]>;

interface Run {
  transfers: Transfer[];
  /** Null for a transfer without a date or time: checked for capacity only. */
  start: number | null;
  end: number;
}

const describe = (t: Transfer): string =>
  `the ${t.date ?? ''} ${t.time ?? ''} transfer ${t.pickupLocation} → ${t.dropLocation}`;

/**
 * A driver's transfers as runs: every PVT leg alone, SIC legs with the same start together; untimed ones alone.
 * Timed runs sorted by start, untimed ones last.
 */
function runsOf(transfers: Transfer[]): Run[] {
  const runs = new Map<string, Run>();
  for (const t of transfers) {
    const start = t.date && t.time ? absoluteMinute(t.date, t.time) : null;
    const key = start !== null && t.sharingType === 'SIC' ? `SIC ${start}` : `one ${t.id}`;
    const run = runs.get(key) ?? { transfers: [], start, end: start ?? 0 };
    run.transfers.push(t);
    if (start !== null) run.end = Math.max(run.end, start + TRANSFER_BLOCK_MINUTES[t.source.section]);
    runs.set(key, run);
  }
  return [...runs.values()].sort((a, b) => (a.start ?? Infinity) - (b.start ?? Infinity));
}

export function jobSheetConflicts(transfers: readonly Transfer[], drivers: readonly OpsDriver[]): TransferWarnings {
  const out: TransferWarnings = {};
  const warn = (t: Transfer, w: TransferWarning): void => {
    (out[t.id] ??= []).push(w);
  };
  const byDriver = new Map<string, Transfer[]>();
  for (const t of transfers) {
    if (t.driverId === null || t.status === 'cancelled') continue;
    const list = byDriver.get(t.driverId) ?? [];
    list.push(t);
    byDriver.set(t.driverId, list);
  }
  const driversById = new Map(drivers.map((d) => [d.driverId, d]));
  for (const [driverId, list] of byDriver) {
    const driver = driversById.get(driverId);
    if (!driver) {
      for (const t of list)
        warn(t, { code: 'driverNotListed', message: OPS_TEXT.driverNotListed, otherTransferIds: [] });
      continue;
    }
    const runs = runsOf(list);
    runs.forEach((run, i) => {
      if (run.start === null)
        for (const t of run.transfers)
          warn(t, { code: 'noTime', message: OPS_TEXT.noTime(driver.driverName), otherTransferIds: [] });
      // Sorted by start: only the runs starting before this one ends can overlap it.
      for (let j = i + 1; run.start !== null && j < runs.length && (runs[j]!.start ?? Infinity) < run.end; j++)
        for (const a of run.transfers)
          for (const b of runs[j]!.transfers) {
            warn(a, {
              code: 'overlap',
              message: OPS_TEXT.overlap(driver.driverName, describe(b)),
              otherTransferIds: [b.id],
            });
            warn(b, {
              code: 'overlap',
              message: OPS_TEXT.overlap(driver.driverName, describe(a)),
              otherTransferIds: [a.id],
            });
          }
      const capacity = driver.vehicleCapacity;
      const seats = run.transfers.reduce((n, t) => n + seatsOf(t), 0);
      if (capacity === null || capacity === undefined || seats <= capacity) return;
      for (const t of run.transfers) {
        const others = run.transfers.filter((o) => o !== t).map((o) => o.id);
        const message =
          run.transfers.length === 1
            ? OPS_TEXT.overCapacity(seats, driver.driverName, capacity)
            : OPS_TEXT.runOverCapacity(
                clockOf(run.start ?? 0),
                seats,
                run.transfers.length,
                driver.driverName,
                capacity,
              );
        warn(t, { code: 'capacity', message, otherTransferIds: others });
      }
    });
  }
  return out;
}

/**
 * The days whose transfers a check of these transfers needs: a block can run past midnight either way, so one
 * day before the earliest and one after the latest (blocks are shorter than a day).
 */
export function conflictWindow(transfers: readonly Pick<Transfer, 'date'>[]): { from: string; to: string } | null {
  const dates = transfers.flatMap((t) => (t.date ? [t.date] : [])).sort();
  if (dates.length === 0) return null;
  const days = Math.ceil(LONGEST_BLOCK / 1440);
  return { from: addDays(dates[0]!, -days), to: addDays(dates[dates.length - 1]!, days) };
}

export interface AssignmentProposal {
  driverId: string;
  transferIds: readonly string[];
}

export interface AssignmentCheck {
  /** The transfers as they would be saved (changed ones only). */
  assigned: Transfer[];
  /** Transfers that cannot take the driver (cancelled, closed, unknown), with why. */
  refused: { transferId: string; message: string }[];
  /** Warnings on the proposed transfers once assigned (overlaps with each other or the driver's other jobs). */
  warnings: TransferWarnings;
}

/**
 * Bulk assignment of several transfers to one driver (dmc.md §7 "Bulk driver assignment"). `existing` is every
 * transfer of the `conflictWindow` of the proposed ones (the proposed ones included, as saved).
 */
export function assignmentConflicts(
  existing: readonly Transfer[],
  proposal: AssignmentProposal,
  drivers: readonly OpsDriver[],
): AssignmentCheck {
  const ids = [...new Set(proposal.transferIds)];
  if (!drivers.some((d) => d.driverId === proposal.driverId))
    return {
      assigned: [],
      refused: ids.map((transferId) => ({ transferId, message: OPS_TEXT.unknownDriver })),
      warnings: {},
    };
  const byId = new Map(existing.map((t) => [t.id, t]));
  const check: AssignmentCheck = { assigned: [], refused: [], warnings: {} };
  for (const transferId of ids) {
    const t = byId.get(transferId);
    const result = t ? transferDriverChange(t, proposal.driverId) : null;
    if (!result || !result.ok) check.refused.push({ transferId, message: result?.message ?? OPS_TEXT.unknownTransfer });
    else if (result.changed) {
      check.assigned.push(result.transfer);
      byId.set(transferId, result.transfer);
    }
  }
  const all = jobSheetConflicts([...byId.values()], drivers);
  for (const id of ids) if (all[id] && byId.get(id)?.driverId === proposal.driverId) check.warnings[id] = all[id];
  return check;
}
