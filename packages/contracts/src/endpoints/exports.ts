/**
 * Exports made in the background (docs/architecture.md "Exports"): every Excel export call records an export job
 * for its caller and answers it at once (`ZExportJob`); the exports worker writes the workbook into the export
 * store, and the job's `ready` answer carries a short-lived signed link to it. Served by the exports Lambda
 * (functions/src/exports): one job by id, and the caller's recent jobs ("Your exports").
 */
import * as z from 'zod/mini';
import { endpoint, type Endpoint } from '../endpoint.ts';
import { zCursor, zId } from '../fields.ts';
import { lazy } from '../lazy.ts';

/** What can be exported: one per export call of the platform. */
export const EXPORT_KINDS = [
  'tickets',
  'auditLog',
  'enquiries',
  'jobSheet',
  'gstInvoices',
  'dmcData',
  'hotelContract',
  'payables',
  'accounting',
  'walletBalances',
] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const EXPORT_KIND_LABELS: Record<ExportKind, string> = {
  tickets: 'Ticket queue',
  auditLog: 'Audit log',
  enquiries: 'Enquiries',
  jobSheet: 'Job sheet',
  gstInvoices: 'GST invoices (GSTR-1)',
  dmcData: 'DMC master data',
  hotelContract: 'Hotel contract sheet',
  payables: 'Supplier payables',
  accounting: 'Accounting export',
  walletBalances: 'Wallet balances',
};

/** queued → running → ready | failed; a job never goes back. */
export const EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export const EXPORT_STATUS_LABELS: Record<ExportStatus, string> = {
  queued: 'Waiting',
  running: 'In progress',
  ready: 'Ready',
  failed: 'Failed',
};

export const EXPORT_LIMITS = {
  /** How long a download link works once handed out (each read of a ready job hands out a fresh one). */
  linkSeconds: 10 * 60,
  /** How long a finished file (and its job) is kept: the S3 lifecycle rule and the local sweep say the same. */
  keepHours: 24,
  /** Rows read from the data per page (and per progress update). */
  pageRows: 500,
} as const;

export const EXPORTS_MSG = {
  /** Beside a running export's progress, before the link to Your exports. */
  leavePage: 'You can leave this page and find it under',
  failed: 'The export failed. Please try again.',
  notFound: 'Export not found',
} as const;

export const ZExportJob = lazy(() =>
  z.object({
    jobId: z.string(),
    kind: z.enum(EXPORT_KINDS),
    status: z.enum(EXPORT_STATUSES),
    fileName: z.string(),
    /** Rows written so far, and the total when the data says it up front (null: not known until the end). */
    rowsDone: z.number(),
    rowsTotal: z.nullable(z.number()),
    createdAt: z.string(),
    /** When the file (and this job) are removed. */
    expiresAt: z.string(),
    /** Ready only: the file's size and a signed link valid for EXPORT_LIMITS.linkSeconds. */
    bytes: z.nullable(z.number()),
    url: z.nullable(z.string()),
    linkExpiresAt: z.nullable(z.string()),
  }),
);
export type TExportJob = z.infer<typeof ZExportJob>;

const exportsApi = { api: 'site', domain: 'exports', auth: 'staff' } as const;

export const getExport = endpoint({
  ...exportsApi,
  id: 'exports.getExport',
  method: 'GET',
  path: 'exports/getExport',
  request: lazy(() => z.object({ jobId: zId() })),
  response: ZExportJob,
  summary: "One of the caller's own export jobs (another user's or site's is a 404); ready: with a signed link.",
});

export const listExports = endpoint({
  ...exportsApi,
  id: 'exports.listExports',
  method: 'GET',
  path: 'exports/listExports',
  request: lazy(() =>
    z.object({
      cursor: z.optional(zCursor()),
      limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50)), 20),
    }),
  ),
  response: lazy(() => z.object({ records: z.array(ZExportJob), nextCursor: z.nullable(z.string()) })),
  summary: "The caller's export jobs of the last day, newest first, a cursor page.",
});

export const exportsEndpoints: Endpoint[] = [getExport, listExports];
