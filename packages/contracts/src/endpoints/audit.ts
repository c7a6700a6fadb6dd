/**
 * Ours: the one audit log. Every staff-driven change of state writes an entry in the same
 * transaction as the change (functions/src/lib/audit.ts); these calls read it. Served by the rbac Lambda (who may
 * see what is an access question, and it keeps the Lambda count), staff with `audit.view`; docs/audit.md.
 *
 * - `audit/getAuditLog`: the site's entries, newest first, cursor pages; filters: actor (user id or email), entity type,
 *   change type, a range of the site's calendar days.
 * - `audit/getRecordHistory`: one record's entries (any entity type of the site), newest first.
 * - `audit/exportAuditLog`: the filtered log as one .xlsx, newest first (an export job, made in the background).
 */
import * as z from 'zod/mini';
import { endpoint, type Endpoint } from '../endpoint.ts';
import { zCursor, zId, zOptionalEmail, zPreprocess } from '../fields.ts';
import { lazy } from '../lazy.ts';
import { ZExportJob } from './exports.ts';
import * as MSG from '../messages.ts';
import { ZAuditEntry, pageOf } from './dmc-common.ts';

export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'import', 'status', 'block', 'unblock'] as const;
export type AuditActionName = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditActionName, string> = {
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
  import: 'Imported',
  status: 'Status',
  block: 'Blocked',
  unblock: 'Unblocked',
};

/**
 * The entity types the log names, with their labels (the filter's choices). An entry's `entity` is one of these
 * or a newer one a domain added; the screen shows an unknown one as it is stored.
 */
export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  markup: 'Markup',
  leGroup: 'Customer group',
  leGroupMapping: 'Customer group of a customer',
  permissionGroup: 'Permission group',
  permissionAssignment: 'Permission group of a user',
  user: 'User',
  customer: 'Customer',
  booking: 'Booking',
  changeRequest: 'Change request',
  payment: 'Offline payment',
  walletEntry: 'Wallet movement',
  creditLine: 'Credit line',
  activityCart: 'Activity cart',
  package: 'Tour package',
  fixedDeparture: 'Fixed departure',
  visaCountry: 'Visa country',
  visaCategory: 'Visa category',
  supplierLink: 'Supplier link',
  site: 'Site settings',
  policy: 'Policy page',
  taxId: 'PAN / GSTIN',
  enquiry: 'Enquiry',
  kart: 'Quotation',
  transfer: 'Transfer',
  driverToken: 'Driver link',
  market: 'Market',
  customerMarket: 'Market of a customer',
  hotel: 'Hotel',
  activity: 'Activity',
  tourOption: 'Tour option',
  ticketRate: 'Ticket rate',
  transferRate: 'Transfer rate',
  stopSale: 'Stop sale',
  combo: 'Combo',
  driver: 'Driver',
  location: 'Location',
  area: 'Area',
  areaTransfer: 'Area transfer',
  // A reseller's own team: invites, deactivation and reactivation (endpoints/staff.ts).
  staffMember: 'Staff member',
  accountMember: 'Agency or company member',
  // The accounting export's ledger names (docs/dmc.md "The books").
  ledgers: 'Ledger names',
};

export const auditEntityLabel = (entity: string): string => AUDIT_ENTITY_LABELS[entity] ?? entity;

export const AUDIT_MSG = { toBeforeFrom: 'The end date must not be before the start date' } as const;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const zDayText = () =>
  z.optional(zPreprocess(blank, z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, MSG.invalidDate)))));

export const ZAuditLogFilter = lazy(() =>
  z
    .object({
      /** The acting user's id. */
      actorId: z.optional(zPreprocess(blank, z.optional(zId()))),
      /** The acting user's email (the screen's filter); a user the site does not have changed nothing. */
      actorEmail: z.optional(zOptionalEmail()),
      entity: z.optional(zPreprocess(blank, z.optional(zId()))),
      action: z.optional(zPreprocess(blank, z.optional(z.enum(AUDIT_ACTIONS, MSG.invalidValue)))),
      /** Calendar days of the site (its time zone), both included. */
      fromDate: zDayText(),
      toDate: zDayText(),
    })
    .check(
      z.refine((f) => !f.fromDate || !f.toDate || f.fromDate <= f.toDate, {
        message: AUDIT_MSG.toBeforeFrom,
        path: ['toDate'],
      }),
    ),
);

export const ZAuditLogEntry = lazy(() => z.extend(ZAuditEntry, { entity: z.string(), id: z.string() }));
export type TAuditLogEntry = z.infer<typeof ZAuditLogEntry>;

const limit = () => z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 25);
const audit = { domain: 'rbac', auth: 'staff', permission: 'audit.view', api: 'site' } as const;

export const getAuditLog = endpoint({
  ...audit,
  id: 'rbac.getAuditLog',
  method: 'POST',
  path: 'audit/getAuditLog',
  request: lazy(() => z.extend(ZAuditLogFilter, { cursor: z.optional(zCursor()), limit: limit() })),
  response: lazy(() => pageOf(ZAuditLogEntry)),
  summary: "Ours: the site's audit log, newest first, filtered by actor, entity type, change type and days.",
});

export const getRecordHistory = endpoint({
  ...audit,
  id: 'rbac.getRecordHistory',
  method: 'POST',
  path: 'audit/getRecordHistory',
  request: lazy(() => z.object({ entity: zId(), id: zId(), cursor: z.optional(zCursor()), limit: limit() })),
  response: lazy(() => pageOf(ZAuditEntry)),
  summary: "Ours: one record's history (any entity type of the site), newest first.",
});

export const exportAuditLog = endpoint({
  ...audit,
  id: 'rbac.exportAuditLog',
  method: 'POST',
  path: 'audit/exportAuditLog',
  request: ZAuditLogFilter,
  response: ZExportJob,
  summary: 'Ours: starts the export of the filtered audit log as one .xlsx, newest first (an export job).',
});

export const auditEndpoints: Endpoint[] = [getAuditLog, getRecordHistory, exportAuditLog];
