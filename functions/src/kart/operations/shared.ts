/**
 * What the operations share: the site's day, its drivers as operations see them, the refusal of a domain rule,
 * and the one way a transfer changes (a conditional write on the stamp it was read with, with its audit entry).
 */
import { DMC_OPS_MSG } from '@tp/contracts/endpoints/dmc-operations';
import { DMC_RULE_MESSAGES } from '@tp/contracts/endpoints/dmc';
import {
  jobSheetRange,
  transferOwed,
  type DateRange,
  type OpsDriver,
  type OpsResult,
  type Transfer,
} from '@tp/domain/dmc';
import { auditPut, recordChange, type AuditActor } from '#lib/audit';
import { transactOrFalse, type TransactItem } from '#lib/db';
import { fail } from '#lib/errors';
import type { SiteId } from '#lib/keys';
import { siteToday } from '#lib/time';
import type { SiteRecord } from '#lib/tenancy';
import { allDrivers } from '../../dmc/index.ts';
import { transferPayableWrites } from '../payables.ts';
import { transferPut, type StoredTransfer } from '../transfers-repo.ts';

export const RULES = DMC_RULE_MESSAGES;

export interface OpsScope {
  site: SiteRecord;
  now: Date;
}

export const siteOf = (scope: OpsScope): SiteId => scope.site.siteId;

/** The range asked for, in the site's days (default today → tomorrow, at most 31 days), or a 400 on its field. */
export function rangeOf(scope: OpsScope, dateRange: Partial<DateRange> | null | undefined): DateRange {
  const today = siteToday(scope.site, scope.now);
  const r = jobSheetRange(dateRange, today, RULES);
  if (!r.ok) throw fail.validation(r.message, { [`dateRange.${r.field}`]: r.message });
  return r.range;
}

export interface DriverView extends OpsDriver {
  phone: string;
  vehicleCapacity: number | null;
}

/** Every driver of the site (bounded by nature: a DMC runs tens of drivers), by name. */
export async function driversOf(scope: OpsScope): Promise<DriverView[]> {
  const drivers = await allDrivers(siteOf(scope));
  return drivers
    .map((d) => ({
      driverId: d.driverId,
      driverName: d.driverName,
      phone: d.phone,
      vehicleCapacity: d.vehicleCapacity ?? null,
    }))
    .sort((a, b) => a.driverName.localeCompare(b.driverName) || a.driverId.localeCompare(b.driverId));
}

/**
 * A refused rule as an HTTP error: invalid input 400 on `field`; another driver's transfer 404 (the same answer
 * as an unknown id: nothing is revealed); a state that forbids the change 409.
 */
export function refused(r: Extract<OpsResult, { ok: false }>, field: string): never {
  if (r.code === 'invalid') throw fail.validation(r.message, { [field]: r.message });
  if (r.code === 'notYourTransfer') throw fail.notFound(r.message);
  throw fail.conflict(r.message);
}

const auditOf = (siteId: SiteId, before: Transfer, after: Transfer, by: AuditActor, at: Date): TransactItem =>
  auditPut(siteId, recordChange('transfer', after.id, before, after), by, at);

/** Writes changed transfers (each only if unchanged since read) with their audit entries, all or nothing. */
export async function saveTransfers(
  scope: OpsScope,
  changes: readonly { was: StoredTransfer; next: Transfer }[],
  by: AuditActor,
): Promise<void> {
  if (!changes.length) return;
  const siteId = siteOf(scope);
  const items = changes.flatMap(({ was, next }) => [
    transferPut(siteId, next, was.stamp),
    auditOf(siteId, was.transfer, next, by, scope.now),
  ]);
  // A job closed with charges owes its driver: the payable is raised with the change, once (docs/dmc.md "Paying
  // suppliers" → "Transfers"); the transfer's stamp condition makes a racing change raise nothing twice.
  const nexts = changes.map((c) => c.next);
  const names = new Map<string, string>(
    nexts.some((t) => transferOwed(t)) ? (await driversOf(scope)).map((d) => [d.driverId, d.driverName]) : [],
  );
  items.push(...(await transferPayableWrites(scope, nexts, (id) => names.get(id) ?? id)));
  if (!(await transactOrFalse(items))) throw fail.conflict(DMC_OPS_MSG.changedMeanwhile);
}
