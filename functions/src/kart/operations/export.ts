/**
 * The job sheet as .xlsx (ours): the rows of getTransferJobSheet for the
 * same query, in the same order, with the columns dmc.md §3 lists for a job sheet, charges and warnings included
 * (staff only). Written in the background by the exports worker and handed over as a signed link.
 */
import type { ParsedRequestOf } from '@tp/contracts/endpoint';
import * as api from '@tp/contracts/endpoints/dmc-operations';
import type { TJobSheetRow } from '@tp/contracts/endpoints/dmc-operations';
import { STATUS_LABELS } from '@tp/domain/dmc/operations/messages';
import { EXPORT_LIMITS } from '@tp/contracts/endpoints/exports';
import type { Principal } from '#lib/principal';
import { pagesOf, startExport, type ExportCell, type ExportColumn, type ExportSource } from '../../exports/index.ts';
import { jobSheetOf } from './staff.ts';
import { rangeOf, type OpsScope } from './shared.ts';
import { answers } from '#lib/answers';

const COLUMNS: readonly [ExportColumn, (r: TJobSheetRow) => ExportCell][] = [
  [{ header: 'Date', width: 11 }, (r) => r.date],
  [{ header: 'Time', width: 7 }, (r) => r.time],
  [{ header: 'Leg', width: 7 }, (r) => r.leg],
  [{ header: 'Quotation', width: 12 }, (r) => r.quotationNo],
  [{ header: 'Service', width: 28 }, (r) => r.service],
  [{ header: 'Hotel', width: 22 }, (r) => r.hotelName],
  [{ header: 'Lead guest', width: 22 }, (r) => r.leadGuest],
  [{ header: 'Customer', width: 22 }, (r) => r.customerName],
  [{ header: 'Phone', width: 16 }, (r) => r.customerPhone],
  [{ header: 'Adults', width: 7 }, (r) => r.pax.adults],
  [{ header: 'Children', width: 8 }, (r) => r.pax.child],
  [{ header: 'Infants', width: 7 }, (r) => r.pax.infant],
  [{ header: 'Pickup', width: 28 }, (r) => r.pickupLocation],
  [{ header: 'Drop', width: 28 }, (r) => r.dropLocation],
  [{ header: 'Area', width: 16 }, (r) => r.pickupArea],
  [{ header: 'Flight', width: 9 }, (r) => r.flightNo],
  [{ header: 'SIC/PVT', width: 8 }, (r) => r.sharingType],
  [{ header: 'Driver', width: 18 }, (r) => r.driverName ?? r.driverId],
  [{ header: 'Charges', width: 9 }, (r) => r.internalDriverCharges],
  [{ header: 'Status', width: 10 }, (r) => STATUS_LABELS[r.status]],
  [{ header: 'Remarks', width: 30 }, (r) => r.remarks],
  [{ header: 'Warnings', width: 50 }, (r) => r.warnings.map((w) => w.message).join('; ')],
  [{ header: 'Transfer id', width: 30 }, (r) => r.id],
];

/** Starts the export: the range is settled now (a bad one is a 400 on its field), so the file is the week asked for. */
export function startJobSheetExport(
  scope: OpsScope & { principal: Principal },
  input: ParsedRequestOf<typeof api.exportTransferJobSheet>,
) {
  const dateRange = rangeOf(scope, input.dateRange);
  return startExport(scope, {
    kind: 'jobSheet',
    filter: { ...input, dateRange },
    fileName: `job-sheet-${dateRange.from}-to-${dateRange.to}.xlsx`,
  });
}

/**
 * The job sheet export in the worker. The sheet's conflicts need every transfer of the range (at most 31 days) at
 * once, as the screen's read does; the rows are then written a page at a time.
 */
export const jobSheetExport: ExportSource = async (site, stored, now) => {
  const { transfers } = await jobSheetOf({ site, now }, stored as ParsedRequestOf<typeof api.exportTransferJobSheet>);
  return {
    total: transfers.length,
    creator: 'DMC back office',
    sheets: [
      {
        name: 'Job sheet',
        columns: COLUMNS.map(([c]) => c),
        pages: () => pagesOf(transfers, EXPORT_LIMITS.pageRows, (r) => COLUMNS.map(([, cell]) => cell(r))),
      },
    ],
  };
};

// The kart Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerExportTransferJobSheet = answers(api.exportTransferJobSheet, (input, scope) =>
  startJobSheetExport(scope, input),
);
