/**
 * The CRM inbox as .xlsx: the rows of `enquiry/list` for the same filters, newest first, written in the background
 * by the exports worker (functions/src/exports) and handed over as a signed link.
 */
import type { ParsedRequestOf } from '@tp/contracts/endpoint';
import * as api from '@tp/contracts/endpoints/enquiries';
import { ENQUIRY_KIND_LABELS, ENQUIRY_STATUS_LABELS } from '@tp/domain/enquiries';
import { answers, type SignedInScope } from '#lib/answers';
import { siteToday } from '#lib/time';
import { pagesByCursor, startExport, type ExportCell, type ExportColumn, type ExportSource } from '../exports/index.ts';
import * as repo from './repo.ts';

const COLUMNS: readonly [ExportColumn, (e: repo.EnquiryRecord) => ExportCell][] = [
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

export function startEnquiriesExport(scope: SignedInScope, input: ParsedRequestOf<typeof api.exportEnquiries>) {
  return startExport(scope, {
    kind: 'enquiries',
    filter: { ...input },
    fileName: `enquiries-${input.status ?? 'all'}-${siteToday(scope.site, scope.now)}.xlsx`,
  });
}

/** The enquiries export in the worker: the inbox's rows for the same filters, newest first, page by page. */
export const enquiriesExport: ExportSource = async (site, stored) => {
  const filter = stored as repo.EnquiryFilter;
  const pages = () =>
    pagesByCursor(
      (page) => repo.queryEnquiries(site.siteId, filter, { ...page, readAhead: page.limit * 4 }),
      (e) => COLUMNS.map(([, cell]) => cell(e)),
    );
  return {
    total: null,
    creator: 'CRM inbox',
    sheets: [{ name: 'Enquiries', columns: COLUMNS.map(([c]) => c), pages }],
  };
};

// The enquiries Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerExportEnquiries = answers(api.exportEnquiries, (input, scope) => startEnquiriesExport(scope, input));
