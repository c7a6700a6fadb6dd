/**
 * The payables still owed as .xlsx (docs/dmc.md "Paying suppliers"): the payables screen's list, by due date, with
 * supplier, quotation, amounts and ageing. Written in the background by the exports worker, a page of the open
 * list at a time, and handed over as a signed link.
 */
import * as api from '@tp/contracts/endpoints/dmc-payables';
import type { TPayable } from '@tp/contracts/endpoints/dmc-payables';
import { answers } from '#lib/answers';
import type { SiteId } from '#lib/keys';
import type { SiteRecord } from '#lib/tenancy';
import { siteToday } from '#lib/time';
import { pagesByCursor, startExport, type ExportCell, type ExportColumn, type ExportSource } from '../exports/index.ts';
import { toPayable } from './payables.ts';
import { openPayablesPage } from './payables-repo.ts';

const AGEING_LABELS: Record<TPayable['ageing'], string> = {
  notDue: 'Not due',
  '0-30': '0–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  '90+': 'Over 90 days',
};

const COLUMNS: readonly [ExportColumn, (r: TPayable) => ExportCell][] = [
  [{ header: 'Due', width: 11 }, (r) => r.dueDate],
  [{ header: 'Ageing', width: 12 }, (r) => AGEING_LABELS[r.ageing]],
  [{ header: 'Supplier', width: 28 }, (r) => r.supplier.name],
  [{ header: 'Kind', width: 9 }, (r) => r.supplier.kind],
  [{ header: 'Quotation', width: 18 }, (r) => r.quotationId],
  [{ header: 'Service', width: 30 }, (r) => r.service],
  [{ header: 'Service date', width: 12 }, (r) => r.serviceDate],
  [{ header: 'Currency', width: 9 }, (r) => r.currency],
  [{ header: 'Amount', width: 12 }, (r) => r.amount],
  [{ header: 'Reversed', width: 12 }, (r) => r.reversed],
  [{ header: 'Paid', width: 12 }, (r) => r.paid],
  [{ header: 'Outstanding', width: 12 }, (r) => r.outstanding],
  [{ header: 'Payable id', width: 30 }, (r) => r.id],
];

const openPages = (siteId: SiteId, today: string) =>
  pagesByCursor(
    (page) => openPayablesPage(siteId, page),
    (p) => {
      const row = toPayable(p, today);
      return COLUMNS.map(([, cell]) => cell(row));
    },
  );

export const payablesExport: ExportSource = (site: SiteRecord, _filter, now) =>
  Promise.resolve({
    total: null,
    creator: 'DMC back office',
    sheets: [
      {
        name: 'Payables',
        columns: COLUMNS.map(([c]) => c),
        pages: () => openPages(site.siteId, siteToday(site, now)),
      },
    ],
  });

// The kart Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerExportPayables = answers(api.exportPayables, (_input, scope) =>
  startExport(scope, { kind: 'payables', filter: {}, fileName: `payables-${siteToday(scope.site, scope.now)}.xlsx` }),
);
