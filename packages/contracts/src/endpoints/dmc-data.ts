/**
 * DMC data management (spec 001 §2 /staff/dmc-data-management, §7 `dmc/getAllDmcData`) and the audit trail.
 * Import, export and the audit trail are OUR OWN calls (not in shared/contract/api.tsv); docs/dmc.md "Data
 * management" and "Audit trail" explain them. Served by the dmc Lambda (functions/src/dmc).
 */
import * as z from 'zod/mini';
import { endpoint, type Endpoint } from '../endpoint.ts';
import { zEmpty } from '../common.ts';
import { zCursor, zId } from '../fields.ts';
import { lazy } from '../lazy.ts';
import { ZExportJob } from './exports.ts';
import { DMC_MSG, ZAuditEntry, ZDmcCity, pageOf } from './dmc-common.ts';

/** The sheets of the import/export workbook, in dependency order (a row may name rows of earlier sheets). */
export const DMC_SHEETS = [
  'Markets',
  'Areas',
  'Hotels',
  'Activities',
  'Tour options',
  'Ticket rates',
  'Transfer rates',
  'Stop sales',
  'Area transfers',
] as const;
export type DmcSheet = (typeof DMC_SHEETS)[number];

/**
 * The base64 of an .xlsx (a zip: it starts `UEsDB`). 1,000,000 characters is a 732 KiB file, which keeps the
 * JSON body under REQUEST_LIMITS.bodyBytes (1 MiB); a DMC's whole rate sheet is a fraction of that.
 */
export const XLSX_BASE64_MAX = 1_000_000;
export const zXlsxBase64 = () =>
  z
    .string()
    .check(
      z.maxLength(XLSX_BASE64_MAX, DMC_MSG.fileTooLarge),
      z.regex(/^UEsDB[A-Za-z0-9+/]*={0,2}$/, DMC_MSG.notSpreadsheet),
    );

const ZCounts = lazy(() =>
  z.object({
    markets: z.number(),
    areas: z.number(),
    hotels: z.number(),
    activities: z.number(),
    tourOptions: z.number(),
    ticketRates: z.number(),
    transferRates: z.number(),
    stopSales: z.number(),
    areaTransfers: z.number(),
    combos: z.number(),
    drivers: z.number(),
    locations: z.number(),
  }),
);
export type TDmcCounts = z.infer<typeof ZCounts>;

const data = { api: 'site', domain: 'dmc', auth: 'staff', permission: 'dmc.masters' } as const;

export const getAllDmcData = endpoint({
  ...data,
  id: 'dmc.getAllDmcData',
  method: 'POST',
  path: 'dmc/getAllDmcData',
  request: zEmpty,
  response: lazy(() => z.object({ counts: ZCounts, cities: z.array(ZDmcCity) })),
  summary: "The site's DMC master data at a glance: how many records of each master, and its cities.",
});

/** Rows an import wrote (or would write, on a dry run), per sheet. */
const ZImportCounts = lazy(() =>
  z.record(z.string(), z.object({ created: z.number(), updated: z.number(), unchanged: z.number() })),
);

export const importDmcData = endpoint({
  ...data,
  permission: 'dmc.importData',
  id: 'dmc.importDmcData',
  method: 'POST',
  path: 'dmc/importDmcData',
  request: lazy(() =>
    z.object({
      file: zXlsxBase64(),
      /** Check every row and report, write nothing. */
      dryRun: z._default(z.boolean(), false),
    }),
  ),
  response: lazy(() => z.object({ dryRun: z.boolean(), sheets: ZImportCounts })),
  summary:
    'Ours: imports the workbook of exportDmcData (rows with an id update it, rows without create); every row is checked first and any problem is a 400 naming sheet, row and column with nothing written.',
});

export const exportDmcData = endpoint({
  ...data,
  id: 'dmc.exportDmcData',
  method: 'POST',
  path: 'dmc/exportDmcData',
  request: zEmpty,
  response: ZExportJob,
  summary: "Ours: the site's DMC masters and rates as one .xlsx, one sheet per master (DMC_SHEETS).",
});

/** Records whose history the DMC screens show; area and areaTransfer are read through areas/getAuditTrail. */
export const DMC_AUDIT_ENTITIES = [
  'market',
  'customerMarket',
  'hotel',
  'activity',
  'tourOption',
  'ticketRate',
  'transferRate',
  'stopSale',
  'combo',
  'driver',
  'location',
  'exchangeRate',
  'hotelContract',
] as const;
export const AREA_AUDIT_ENTITIES = ['area', 'areaTransfer'] as const;

export const auditRequest = <T extends readonly [string, ...string[]]>(entities: T) =>
  z.object({
    entity: z.enum(entities),
    /** The record's id (a customer's user id for customerMarket; a tour option's id for its priority order). */
    id: zId(),
    cursor: z.optional(zCursor()),
    limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 20),
  });

export const getDmcAuditTrail = endpoint({
  ...data,
  id: 'dmc.getAuditTrail',
  method: 'POST',
  path: 'dmc/getAuditTrail',
  request: lazy(() => auditRequest(DMC_AUDIT_ENTITIES)),
  response: lazy(() => pageOf(ZAuditEntry)),
  summary: 'Ours: who changed a DMC record, when, and its fields before and after; newest first.',
});

export const dmcDataEndpoints: Endpoint[] = [getAllDmcData, importDmcData, exportDmcData, getDmcAuditTrail];
