/**
 * The staff flight back office's operations (functions/src/entries/flight-admin.ts; docs/flight-backoffice.md):
 * settings, supplier wallets, profit and loss, and on test hosts the accounting export and the TBO refund import.
 * Its own Lambda, so the booking path stays lean.
 */
import * as api from '@tp/contracts/endpoints/flight-admin';
import { operation, reply, type Operation, onDemand } from '#lib/http';
import type { RefundWiring } from '../tickets/index.ts';
import { requireTestHost, type AdminScope } from './scope.ts';

const accounts = onDemand(() => import('./accounts.ts'));
const refunds = onDemand(() => import('./refunds.ts'));
const reports = onDemand(() => import('./reports.ts'));
const settings = onDemand(() => import('./settings.ts'));

/** The accounting export and refund import exist on test hosts only (spec 000 §2). */
const onTestHost = (scope: AdminScope): AdminScope => (requireTestHost(scope), scope);

/** What the back office needs from the entry: the refund hooks of the TBO refund import's credited refunds. */
export type FlightAdminWiring = RefundWiring;

export const operations = (wiring: FlightAdminWiring): Operation[] => [
  operation(api.getFlightSettings, async (_input, scope) => (await settings()).getSettings(scope)),
  operation(api.saveFlightSettings, async (input, scope) =>
    reply(await (await settings()).saveSettings(scope, input), { message: 'Flight settings saved' }),
  ),
  operation(api.testFlightSupply, async (input, scope) => (await settings()).testSupply(scope, input)),
  operation(api.getSupplierAccounts, async (_input, scope) => (await accounts()).accounts(scope)),
  operation(api.getSupplierStatement, async (input, scope) => (await accounts()).statement(scope, input)),
  operation(api.addSupplierDeposit, async (input, scope) => {
    const out = await (await accounts()).addDeposit(scope, input);
    return reply(out, { message: out.duplicate ? 'This deposit was already recorded' : 'Deposit recorded' });
  }),
  operation(api.getSupplierProfitLoss, async (input, scope) => (await reports()).profitLoss(scope, input)),
  operation(api.getInfozealVouchers, async (input, scope) => (await reports()).vouchers(onTestHost(scope), input)),
  operation(api.previewTboRefunds, async (input, scope) => (await refunds()).preview(onTestHost(scope), input.rows)),
  operation(api.applyTboRefunds, async (input, scope) =>
    (await refunds()).apply(onTestHost(scope), input.rows, wiring),
  ),
];
