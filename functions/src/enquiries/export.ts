/**
 * The CRM inbox as .xlsx: the rows of `enquiry/list` for the same filters, newest first, at most
 * MAX_ENQUIRY_EXPORT, through the platform's xlsx writer. Answered as base64, like the job sheet export.
 */
import type { ParsedRequestOf } from '@tp/contracts/endpoint';
import * as api from '@tp/contracts/endpoints/enquiries';
import { MAX_ENQUIRY_EXPORT } from '@tp/contracts/endpoints/enquiries';
import { ENQUIRY_KIND_LABELS, ENQUIRY_STATUS_LABELS } from '@tp/domain/enquiries';
import { answers, type SignedInScope } from '#lib/answers';
import { siteToday } from '#lib/time';
import { xlsx, type XlsxCell, type XlsxColumn } from '#lib/xlsx';
import * as repo from './repo.ts';

const CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const COLUMNS: readonly [XlsxColumn, (e: repo.EnquiryRecord) => XlsxCell][] = [
  [{ header: 'Received', width: 18 }, (e) => new Date(e.createdAt)],
  [{ header: 'Status', width: 10 }, (e) => ENQUIRY_STATUS_LABELS[e.status]],
  [{ header: 'Kind', width: 12 }, (e) => ENQUIRY_KIND_LABELS[e.kind]],
  [{ header: 'Subject', width: 30 }, (e) => e.subjectTitle],
  [{ header: 'Name', width: 22 }, (e) => e.name],
  [{ header: 'Email', width: 28 }, (e) => e.email],
  [{ header: 'Phone', width: 16 }, (e) => e.phone],
  [{ header: 'Travel date', width: 11 }, (e) => e.travelDate],
  [{ header: 'Adults', width: 7 }, (e) => e.adults],
  [{ header: 'Children', width: 8 }, (e) => e.children],
  [{ header: 'Message', width: 50 }, (e) => e.message],
  [{ header: 'Last note', width: 40 }, (e) => e.history.at(-1)?.note ?? ''],
  [{ header: 'Enquiry id', width: 26 }, (e) => e.id],
];

export async function exportEnquiries(scope: SignedInScope, input: ParsedRequestOf<typeof api.exportEnquiries>) {
  const { records } = await repo.queryEnquiries(scope.site.siteId, input, {
    limit: MAX_ENQUIRY_EXPORT,
    readAhead: MAX_ENQUIRY_EXPORT * 4,
  });
  const file = xlsx(
    [
      {
        name: 'Enquiries',
        columns: COLUMNS.map(([c]) => c),
        rows: records.map((e) => COLUMNS.map(([, cell]) => cell(e))),
      },
    ],
    { creator: 'CRM inbox', created: scope.now },
  );
  return {
    fileName: `enquiries-${input.status ?? 'all'}-${siteToday(scope.site, scope.now)}.xlsx`,
    contentType: CONTENT_TYPE,
    base64: file.toString('base64'),
    rows: records.length,
  };
}

// The enquiries Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerExportEnquiries = answers(api.exportEnquiries, (input, scope) => exportEnquiries(scope, input));
