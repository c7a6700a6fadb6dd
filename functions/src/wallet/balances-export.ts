/**
 * Every wallet balance of the site as .xlsx (/staff/downloadBalances): the site's wallets index page by page, written
 * in the background by the exports worker and handed over as a signed link, like every export (docs/architecture.md
 * "Exports"). A reseller in its second year holds tens of thousands of wallets: no one answer could carry them.
 */
import * as api from '@tp/contracts/endpoints/wallet';
import { answers, type SignedInScope } from '#lib/answers';
import { siteToday } from '#lib/time';
import { pagesByCursor, startExport, type ExportCell, type ExportColumn, type ExportSource } from '../exports/index.ts';
import { balancesPage } from './service.ts';

type BalanceRow = Awaited<ReturnType<typeof balancesPage>>['records'][number];

const COLUMNS: readonly [ExportColumn, (r: BalanceRow) => ExportCell][] = [
  [{ header: 'Legal entity', width: 32 }, (r) => r.name],
  [{ header: 'Legal entity id', width: 28 }, (r) => r.legalEntityId],
  [{ header: 'Balance', width: 14 }, (r) => r.balance],
  [{ header: 'Credit limit', width: 14 }, (r) => r.creditLimit],
  [{ header: 'Available', width: 14 }, (r) => r.available],
  [{ header: 'Currency', width: 10 }, (r) => r.currency],
];

export function startBalancesExport(scope: SignedInScope) {
  return startExport(scope, {
    kind: 'walletBalances',
    filter: {},
    fileName: `wallet-balances-${siteToday(scope.site, scope.now)}.xlsx`,
  });
}

/** The balances export in the worker: the wallets index a page at a time, each page with its holders' names. */
export const walletBalancesExport: ExportSource = async (site) => {
  const pages = () =>
    pagesByCursor(
      ({ cursor, limit }) => balancesPage(site.siteId, cursor, limit),
      (r) => COLUMNS.map(([, cell]) => cell(r)),
    );
  return {
    total: null,
    creator: 'Wallet balances',
    sheets: [{ name: 'Balances', columns: COLUMNS.map(([c]) => c), pages }],
  };
};

// The wallet Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerExportWalletBalances = answers(api.exportWalletBalances, (_input, scope) =>
  startBalancesExport(scope),
);
