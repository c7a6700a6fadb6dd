/**
 * The job sheet as .xlsx (ours): the rows of getTransferJobSheet for the
 * same query, in the same order, with the columns dmc.md §3 lists for a job sheet, charges and warnings included
 * (staff only). Answered as base64, like the DMC data export.
 */
import type { ParsedRequestOf } from '@tp/contracts/endpoint';
import * as api from '@tp/contracts/endpoints/dmc-operations';
import type { TJobSheetRow } from '@tp/contracts/endpoints/dmc-operations';
import { STATUS_LABELS } from '@tp/domain/dmc/operations/messages';
import { xlsx, type XlsxCell, type XlsxColumn } from '#lib/xlsx';
import { jobSheetOf } from './staff.ts';
import type { OpsScope } from './shared.ts';
import { answers } from '#lib/answers';

const CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const COLUMNS: readonly [XlsxColumn, (r: TJobSheetRow) => XlsxCell][] = [
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

export async function exportJobSheet(scope: OpsScope, input: ParsedRequestOf<typeof api.exportTransferJobSheet>) {
  const { dateRange, transfers } = await jobSheetOf(scope, input);
  const file = xlsx(
    [
      {
        name: 'Job sheet',
        columns: COLUMNS.map(([c]) => c),
        rows: transfers.map((r) => COLUMNS.map(([, cell]) => cell(r))),
      },
    ],
    { creator: 'DMC back office', created: scope.now },
  );
  return {
    fileName: `job-sheet-${dateRange.from}-to-${dateRange.to}.xlsx`,
    contentType: CONTENT_TYPE,
    base64: file.toString('base64'),
  };
}

// The kart Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerExportTransferJobSheet = answers(api.exportTransferJobSheet, (input, scope) =>
  exportJobSheet(scope, input),
);
