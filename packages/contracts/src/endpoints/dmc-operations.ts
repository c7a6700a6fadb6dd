/**
 * READY: DMC operations: the transfer job sheet, driver assignment, charges, status, driver links
 * and the driver page (spec 001 §2 /staff/dmc_job_sheet, /dmc/driver/{driverAccessToken}; §3 Transfer, Driver;
 * §4; §7). Served by the kart Lambda (functions/src/kart/operations): transfers are born from vouchered karts.
 * Paths of the spec's calls are byte for byte api.tsv's; the calls marked "Ours" are not in it. docs/dmc.md
 * "Operations" → "API" explains every choice. Stable: later changes are additive only.
 *
 * Staff calls need `dmc.jobSheet` (sheet, assignment, charges, status, export) or `dmc.driverTokens` (driver
 * links). The two `dmcDriver/*` calls have no session: the driver's token travels in the body
 * (`driverAccessToken`); a token that is unknown, revoked, expired or of another site gets one answer,
 * 403 `DMC_OPS_MSG.linkNotValid`, and too many calls a 429.
 */
import * as z from 'zod/mini';
import {
  JOB_SHEET_SORTS,
  MAX_DRIVER_TOKEN_DAYS,
  RATE_SHARING_BASES,
  TRANSFER_STATUSES,
  isDriverTokenShape,
} from '@tp/domain/dmc';
import { endpoint, type Endpoint } from '../endpoint.ts';
import * as MSG from '../messages.ts';
import { lazy } from '../lazy.ts';
import { ZExportJob } from './exports.ts';
import { zAmountInput, zDateText, zDmcId } from './dmc-common.ts';

/** Our wording for operations answers (the spec quotes none); rule texts are the domain's `OPS_TEXT`. */
export const DMC_OPS_MSG = {
  driverAssigned: 'Driver assigned',
  driversAssigned: (n: number) => `${n} transfer${n === 1 ? '' : 's'} assigned`,
  chargesSaved: 'Driver charges saved',
  statusSaved: 'Transfer status saved',
  linkGenerated: 'Driver link generated: copy it now, it is shown only once',
  linkRevoked: 'Driver link revoked',
  markedDone: 'Marked done',
  /** Every refused driver link (unknown, revoked, expired, another site's, malformed): nothing more is said. */
  linkNotValid: 'This driver link is not valid. Ask the office for a new link.',
  tooManyRequests: 'Too many requests. Please wait a minute and try again.',
  /** `updateTransferStatusByStaff` without `isCompleted` and without `reopen`. */
  statusRequired: 'Choose done or not done',
  tooManyTransfers: 'Choose at most 50 transfers at a time',
  changedMeanwhile: 'This transfer was changed meanwhile; reload and try again',
  linkChangedMeanwhile: "The driver's link was changed meanwhile; reload and try again",
} as const;

/**
 * Transfer ids are `<kartId>-<accomodation|activity>-<lineId>-<pickup|drop>` (the kart domain derives them), so
 * longer than a record id: the id characters, up to 200.
 */
export const TRANSFER_ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,199}$/;
export const zTransferId = () =>
  z
    .string({ error: MSG.required })
    .check(z.trim(), z.minLength(1, MSG.required), z.regex(TRANSFER_ID, MSG.invalidReference));
/**
 * A driver link token as sent: the shape of ours (url-safe, 22–128 characters), checked before any lookup or
 * count; whether it opens a page is the operation's one answer.
 */
const zDriverAccessToken = () =>
  z
    .string({ error: MSG.required })
    .check(z.minLength(1, MSG.required), z.refine(isDriverTokenShape, MSG.invalidReference));
/** Inclusive `YYYY-MM-DD` days; a missing `from` is today, a missing `to` the day after `from` (§9). */
const zDateRange = () => z._default(z.nullable(z.object({ from: zDateText(), to: zDateText() })), null);

// ---------------------------------------------------------------------------------------------------
// Answers

export const ZTransferWarning = lazy(() =>
  z.object({
    code: z.enum(['overlap', 'capacity', 'noTime', 'driverNotListed']),
    message: z.string(),
    otherTransferIds: z.array(z.string()),
  }),
);

const zPax = () => z.object({ adults: z.number(), child: z.number(), infant: z.number() });

/** A transfer as staff see it (§3 names; `status`, customer, area and flight are ours). */
export const ZTransfer = lazy(() =>
  z.object({
    id: z.string(),
    kartId: z.string(),
    source: z.object({ section: z.enum(['accomodations', 'activities']), lineId: z.string() }),
    leg: z.enum(['pickup', 'drop']),
    sharingType: z.enum(RATE_SHARING_BASES),
    date: z.nullable(z.string()),
    time: z.nullable(z.string()),
    pickupLocation: z.string(),
    dropLocation: z.string(),
    remarks: z.string(),
    pax: zPax(),
    customerName: z.string(),
    customerPhone: z.string(),
    pickupArea: z.nullable(z.string()),
    flightNo: z.nullable(z.string()),
    quotationNo: z.string(),
    service: z.nullable(z.string()),
    hotelName: z.nullable(z.string()),
    leadGuest: z.nullable(z.string()),
    driverId: z.nullable(z.string()),
    internalDriverCharges: z.nullable(z.number()),
    status: z.enum(TRANSFER_STATUSES),
    isCompleted: z.boolean(),
    completedAt: z.nullable(z.string()),
  }),
);

/** A job-sheet row: the transfer, its driver's name and the warnings to show before anything is saved. */
export const ZJobSheetRow = lazy(() =>
  z.extend(ZTransfer, {
    driverName: z.nullable(z.string()),
    warnings: z.array(ZTransferWarning),
    /** Ours: the quotation's balance is past its day (docs/dmc.md "Reminders"). */
    paymentOverdue: z.optional(z.boolean()),
  }),
);
export type TJobSheetRow = z.infer<typeof ZJobSheetRow>;

/** A driver for the picker: `vehicleCapacity` null = not recorded (capacity not checked). */
export const ZOpsDriver = lazy(() =>
  z.object({
    driverId: z.string(),
    driverName: z.string(),
    phone: z.string(),
    vehicleCapacity: z.nullable(z.number()),
  }),
);
export type TOpsDriver = z.infer<typeof ZOpsDriver>;

const ZRange = lazy(() => z.object({ from: z.string(), to: z.string() }));

/** What a bulk assignment saved (or, for the check, would save). */
export const ZAssignment = lazy(() =>
  z.object({
    assigned: z.array(ZTransfer),
    refused: z.array(z.object({ transferId: z.string(), message: z.string() })),
    warnings: z.record(z.string(), z.array(ZTransferWarning)),
  }),
);
export type TAssignment = z.infer<typeof ZAssignment>;

/** A job as the driver page shows it: no charges, no kart or driver ids. */
export const ZDriverJob = lazy(() =>
  z.object({
    id: z.string(),
    date: z.nullable(z.string()),
    time: z.nullable(z.string()),
    leg: z.enum(['pickup', 'drop']),
    pickupLocation: z.string(),
    dropLocation: z.string(),
    sharingType: z.enum(RATE_SHARING_BASES),
    pax: zPax(),
    customerName: z.string(),
    customerPhone: z.string(),
    flightNo: z.nullable(z.string()),
    service: z.nullable(z.string()),
    hotelName: z.nullable(z.string()),
    leadGuest: z.nullable(z.string()),
    remarks: z.string(),
    isCompleted: z.boolean(),
    completedAt: z.nullable(z.string()),
    status: z.enum(['open', 'done', 'notDone']),
  }),
);
export type TDriverJob = z.infer<typeof ZDriverJob>;

// ---------------------------------------------------------------------------------------------------
// Staff: the job sheet

const sheet = { api: 'site', domain: 'kart', auth: 'staff', permission: 'dmc.jobSheet' } as const;
const links = { ...sheet, permission: 'dmc.driverTokens' } as const;

const jobSheetQuery = () => ({
  dateRange: zDateRange(),
  /** Absent: every driver; null: transfers without a driver. */
  driverId: z.optional(z.nullable(zDmcId())),
  sortBy: z._default(z.enum(JOB_SHEET_SORTS), 'time'),
});

export const getTransferJobSheet = endpoint({
  ...sheet,
  id: 'kart.getTransferJobSheet',
  method: 'POST',
  path: 'dmc/getTransferJobSheet',
  request: lazy(() => z.object(jobSheetQuery())),
  response: lazy(() => z.object({ dateRange: ZRange, transfers: z.array(ZJobSheetRow), drivers: z.array(ZOpsDriver) })),
  summary:
    'The transfers of a date range (default today to tomorrow, at most 31 days, read whole), of one driver when asked, sorted by time, driver or area, each with its conflict warnings; and the drivers for the picker.',
});

export const exportTransferJobSheet = endpoint({
  ...sheet,
  id: 'kart.exportTransferJobSheet',
  method: 'POST',
  path: 'dmc/exportTransferJobSheet',
  request: lazy(() => z.object(jobSheetQuery())),
  response: ZExportJob,
  summary: 'Ours: the job sheet of getTransferJobSheet as an .xlsx (base64), with charges and warnings.',
});

export const updateTransferDriver = endpoint({
  ...sheet,
  id: 'kart.updateTransferDriver',
  method: 'POST',
  path: 'dmc/updateTransferDriver',
  request: lazy(() => z.object({ id: zTransferId(), driverId: z.optional(z.nullable(zDmcId())) })),
  response: lazy(() => z.object({ transfer: ZTransfer, warnings: z.array(ZTransferWarning) })),
  summary:
    'Assigns, changes or (driverId null or absent) removes the driver of an open transfer; answers the warnings the assignment raises (saved anyway).',
});

/** Transfers one bulk assignment takes: each with its audit entry, one DynamoDB transaction (100 items). */
export const MAX_BULK_ASSIGN = 50;

const assignmentRequest = () =>
  z.object({
    ids: z
      .array(zTransferId())
      .check(z.minLength(1, MSG.required), z.maxLength(MAX_BULK_ASSIGN, DMC_OPS_MSG.tooManyTransfers)),
    driverId: zDmcId(),
  });

export const assignTransfersToDriver = endpoint({
  ...sheet,
  id: 'kart.assignTransfersToDriver',
  method: 'POST',
  path: 'dmc/assignTransfersToDriver',
  request: lazy(assignmentRequest),
  response: ZAssignment,
  summary:
    'Ours: bulk assignment of up to 50 transfers (one transaction: all or nothing) to one driver; closed, cancelled or unknown ones are refused one by one, the rest saved with their warnings.',
});

export const checkTransferAssignment = endpoint({
  ...sheet,
  id: 'kart.checkTransferAssignment',
  method: 'POST',
  path: 'dmc/checkTransferAssignment',
  request: lazy(assignmentRequest),
  response: ZAssignment,
  summary:
    'Ours: what assignTransfersToDriver (or updateTransferDriver) would save and the warnings it would raise (overlaps, capacity); writes nothing.',
});

export const updateTransferDriverCharges = endpoint({
  ...sheet,
  id: 'kart.updateTransferDriverCharges',
  method: 'POST',
  path: 'dmc/updateTransferDriverCharges',
  request: lazy(() => z.object({ id: zTransferId(), charges: zAmountInput() })),
  response: ZTransfer,
  summary: 'Sets what the driver is paid for the transfer (≥ 0, to the cent); not on a cancelled one.',
});

export const updateTransferStatusByStaff = endpoint({
  ...sheet,
  id: 'kart.updateTransferStatusByStaff',
  method: 'POST',
  path: 'dmc/updateTransferStatusByStaff',
  request: lazy(() =>
    z.object({
      transferid: zTransferId(),
      /** true: done (needs a driver); false: not done (no-show, missed). */
      isCompleted: z.optional(z.boolean()),
      /** Ours: back to assigned (or pending without a driver); `isCompleted` is then ignored. */
      reopen: z._default(z.boolean(), false),
    }),
  ),
  response: ZTransfer,
  summary: 'Marks a transfer done (isCompleted true) or not done (false), or reopens it (reopen, ours).',
});

// ---------------------------------------------------------------------------------------------------
// Staff: driver links

export const generateDriverAccessToken = endpoint({
  ...links,
  id: 'kart.generateDriverAccessToken',
  method: 'POST',
  path: 'dmc/generateDriverAccessToken',
  request: lazy(() =>
    z.object({
      driverId: zDmcId(),
      /** Ours: how long the link works, 1–365 days (default 30). */
      days: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_DRIVER_TOKEN_DAYS))),
    }),
  ),
  response: lazy(() =>
    z.object({
      driverId: z.string(),
      /** Shown this once: only its hash is stored. */
      driverAccessToken: z.string(),
      /** The driver page on the site's domain, `…/dmc/driver/{driverAccessToken}`. */
      url: z.string(),
      expiresAt: z.string(),
    }),
  ),
  summary:
    "A new driver link (256-bit token, stored hashed, 30 days unless `days`); the driver's previous link stops working.",
});

export const revokeDriverAccessToken = endpoint({
  ...links,
  id: 'kart.revokeDriverAccessToken',
  method: 'POST',
  path: 'dmc/revokeDriverAccessToken',
  request: lazy(() => z.object({ driverId: zDmcId() })),
  response: lazy(() => z.object({ driverId: z.string(), revoked: z.boolean() })),
  summary: "Ours: the driver's link stops working at once (revoked false: there was no live link).",
});

export const getDriverAccessToken = endpoint({
  ...links,
  id: 'kart.getDriverAccessToken',
  method: 'POST',
  path: 'dmc/getDriverAccessToken',
  request: lazy(() => z.object({ driverId: zDmcId() })),
  response: lazy(() =>
    z.object({
      driverId: z.string(),
      /** Null: no live link. The token itself is never shown again. */
      link: z.nullable(z.object({ createdAt: z.string(), expiresAt: z.string() })),
    }),
  ),
  summary: 'Ours: whether the driver has a live link, since when and until when (never the token).',
});

// ---------------------------------------------------------------------------------------------------
// The driver page (no login: the token is the key)

const driver = { api: 'site', domain: 'kart', auth: 'token' } as const;

export const getDriverTransferJobSheet = endpoint({
  ...driver,
  id: 'kart.getDriverTransferJobSheet',
  method: 'POST',
  path: 'dmcDriver/getDriverTransferJobSheet',
  request: lazy(() => z.object({ dateRange: zDateRange(), driverAccessToken: zDriverAccessToken() })),
  response: lazy(() => z.object({ driverName: z.string(), dateRange: ZRange, transfers: z.array(ZDriverJob) })),
  summary:
    "The token's driver's own transfers of a date range (default today to tomorrow, at most 31 days), by time; no charges.",
});

export const updateTransferDoneByDriver = endpoint({
  ...driver,
  id: 'kart.updateTransferDoneByDriver',
  method: 'POST',
  path: 'dmcDriver/updateTransferDoneByDriver',
  request: lazy(() => z.object({ transferid: zTransferId(), driverAccessToken: zDriverAccessToken() })),
  response: ZDriverJob,
  summary:
    "Marks one of the token's driver's open transfers done; another driver's or an unknown id gets the same 404.",
});

/** Every operations endpoint (the kart Lambda). */
export const dmcOperationsEndpoints: Endpoint[] = [
  getTransferJobSheet,
  exportTransferJobSheet,
  updateTransferDriver,
  assignTransfersToDriver,
  checkTransferAssignment,
  updateTransferDriverCharges,
  updateTransferStatusByStaff,
  generateDriverAccessToken,
  revokeDriverAccessToken,
  getDriverAccessToken,
  getDriverTransferJobSheet,
  updateTransferDoneByDriver,
];
