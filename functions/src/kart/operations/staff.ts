/**
 * The job sheet and what staff change on it (spec 001 §7 dmc/getTransferJobSheet, updateTransferDriver,
 * updateTransferDriverCharges, updateTransferStatusByStaff; ours: bulk assignment, its check, the export).
 * Rules are the domain's (`@tp/domain/dmc` operations); this file reads, decides with them, and writes.
 */
import type { ParsedRequestOf } from '@tp/contracts/endpoint';
import * as api from '@tp/contracts/endpoints/dmc-operations';
import type { TJobSheetRow } from '@tp/contracts/endpoints/dmc-operations';
import {
  OPS_TEXT,
  assignmentConflicts,
  conflictWindow,
  jobSheet,
  jobSheetConflicts,
  kartDeadlineState,
  transferChargesChange,
  transferDriverChange,
  transferStatusChange,
  type AssignmentCheck,
  type DateRange,
  type OpsResult,
  type StatusTarget,
  type Transfer,
} from '@tp/domain/dmc';
import { DMC_OPS_MSG } from '@tp/contracts/endpoints/dmc-operations';
import { auditActor } from '#lib/audit';
import { fail } from '#lib/errors';
import type { Principal } from '#lib/principal';
import { siteToday } from '#lib/time';
import { getKarts } from '../repo.ts';
import { getTransfer, getTransfers, transfersBetween, type StoredTransfer } from '../transfers-repo.ts';
import { RULES, driversOf, rangeOf, refused, saveTransfers, siteOf, type DriverView, type OpsScope } from './shared.ts';
import { answers, reply } from '#lib/answers';

type In<E> = ParsedRequestOf<E>;
export interface StaffScope extends OpsScope {
  principal: Principal;
}

/** The sheet's rows and drivers. Transfers a day either side are read too: a block can cross midnight. */
export async function jobSheetOf(
  scope: OpsScope,
  input: In<typeof api.getTransferJobSheet>,
): Promise<{ dateRange: DateRange; transfers: TJobSheetRow[]; drivers: DriverView[] }> {
  const range = rangeOf(scope, input.dateRange);
  const window = conflictWindow([{ date: range.from }, { date: range.to }])!;
  const [drivers, around] = await Promise.all([
    driversOf(scope),
    transfersBetween(siteOf(scope), window.from, window.to),
  ]);
  const warnings = jobSheetConflicts(around, drivers);
  const names = new Map(drivers.map((d) => [d.driverId, d.driverName]));
  const query = { sortBy: input.sortBy, ...(input.driverId !== undefined ? { driverId: input.driverId } : {}) };
  const rows = jobSheet(around, range, query, drivers);
  const overdue = await overdueKarts(scope, rows);
  const transfers = rows.map((t) => ({
    ...t,
    driverName: t.driverId ? (names.get(t.driverId) ?? null) : null,
    warnings: warnings[t.id] ?? [],
    paymentOverdue: overdue.has(t.kartId),
  }));
  return { dateRange: range, transfers, drivers };
}

/** The quotations of the sheet's rows whose balance is past its day (one BatchGet per 100 quotations). */
async function overdueKarts(scope: OpsScope, rows: readonly Transfer[]): Promise<Set<string>> {
  const karts = await getKarts(siteOf(scope), [...new Set(rows.map((t) => t.kartId))]);
  const today = siteToday(scope.site, scope.now);
  return new Set(karts.filter((k) => kartDeadlineState(k, k.totals, today).payment === 'overdue').map((k) => k.id));
}

async function found(scope: OpsScope, id: string): Promise<StoredTransfer> {
  const t = await getTransfer(siteOf(scope), id);
  if (!t) throw fail.notFound(OPS_TEXT.unknownTransfer);
  return t;
}

/** Every transfer a conflict check of `proposed` needs: the window's, with the freshest copy of the proposed. */
async function aroundOf(scope: OpsScope, proposed: readonly Transfer[]): Promise<Transfer[]> {
  const window = conflictWindow(proposed);
  const around = window ? await transfersBetween(siteOf(scope), window.from, window.to) : [];
  const byId = new Map(around.map((t) => [t.id, t]));
  for (const t of proposed) byId.set(t.id, t);
  return [...byId.values()];
}

/** Saves one change decided by a rule, or refuses; answers the transfer as it now is. */
async function apply(scope: StaffScope, was: StoredTransfer, r: OpsResult, field: string): Promise<Transfer> {
  if (!r.ok) refused(r, field);
  if (r.changed) await saveTransfers(scope, [{ was, next: r.transfer }], auditActor(scope.principal));
  return r.transfer;
}

export async function updateDriver(scope: StaffScope, input: In<typeof api.updateTransferDriver>) {
  const was = await found(scope, input.id);
  const driverId = input.driverId ?? null;
  const drivers = await driversOf(scope);
  if (driverId !== null && !drivers.some((d) => d.driverId === driverId))
    throw fail.validation(OPS_TEXT.unknownDriver, { driverId: OPS_TEXT.unknownDriver });
  const transfer = await apply(scope, was, transferDriverChange(was.transfer, driverId), 'driverId');
  const warnings = jobSheetConflicts(await aroundOf(scope, [transfer]), drivers)[transfer.id] ?? [];
  return { transfer, warnings };
}

async function assignment(
  scope: OpsScope,
  input: In<typeof api.assignTransfersToDriver>,
): Promise<{ check: AssignmentCheck; stored: Map<string, StoredTransfer> }> {
  const ids = [...new Set(input.ids)];
  const [stored, drivers] = await Promise.all([getTransfers(siteOf(scope), ids), driversOf(scope)]);
  const around = await aroundOf(
    scope,
    stored.map((s) => s.transfer),
  );
  const check = assignmentConflicts(around, { driverId: input.driverId, transferIds: ids }, drivers);
  return { check, stored: new Map(stored.map((s) => [s.transfer.id, s])) };
}

/** What a bulk assignment would save, refuse and warn about; nothing written. */
export const checkAssignment = async (scope: OpsScope, input: In<typeof api.checkTransferAssignment>) =>
  (await assignment(scope, input)).check;

/** The bulk assignment: the assignable transfers saved in one transaction, the others refused one by one. */
export async function assignToDriver(scope: StaffScope, input: In<typeof api.assignTransfersToDriver>) {
  const { check, stored } = await assignment(scope, input);
  await saveTransfers(
    scope,
    check.assigned.map((next) => ({ was: stored.get(next.id)!, next })),
    auditActor(scope.principal),
  );
  return check;
}

export async function updateCharges(scope: StaffScope, input: In<typeof api.updateTransferDriverCharges>) {
  const was = await found(scope, input.id);
  return apply(scope, was, transferChargesChange(was.transfer, input.charges, RULES), 'charges');
}

export async function updateStatus(scope: StaffScope, input: In<typeof api.updateTransferStatusByStaff>) {
  if (!input.reopen && input.isCompleted === undefined)
    throw fail.validation(DMC_OPS_MSG.statusRequired, { isCompleted: DMC_OPS_MSG.statusRequired });
  const to: StatusTarget = input.reopen ? 'open' : input.isCompleted ? 'done' : 'notDone';
  const was = await found(scope, input.transferid);
  return apply(scope, was, transferStatusChange(was.transfer, to, 'staff', scope.now.toISOString()), 'isCompleted');
}

// The kart Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerGetTransferJobSheet = answers(api.getTransferJobSheet, (input, scope) => jobSheetOf(scope, input));
export const answerUpdateTransferDriver = answers(api.updateTransferDriver, async (input, scope) =>
  reply(await updateDriver(scope, input), { message: DMC_OPS_MSG.driverAssigned }),
);
export const answerAssignTransfersToDriver = answers(api.assignTransfersToDriver, async (input, scope) => {
  const check = await assignToDriver(scope, input);
  return reply(check, { message: DMC_OPS_MSG.driversAssigned(check.assigned.length) });
});
export const answerCheckTransferAssignment = answers(api.checkTransferAssignment, (input, scope) =>
  checkAssignment(scope, input),
);
export const answerUpdateTransferDriverCharges = answers(api.updateTransferDriverCharges, async (input, scope) =>
  reply(await updateCharges(scope, input), { message: DMC_OPS_MSG.chargesSaved }),
);
export const answerUpdateTransferStatusByStaff = answers(api.updateTransferStatusByStaff, async (input, scope) =>
  reply(await updateStatus(scope, input), { message: DMC_OPS_MSG.statusSaved }),
);
