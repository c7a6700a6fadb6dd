/**
 * The staff flight back office (docs/flight-backoffice.md): settings, supplier wallets, profit and loss,
 * and on test hosts the accounting export and the TBO refund import. Its own Lambda, so the
 * booking path stays lean.
 */
import * as api from '@tp/contracts/endpoints/flight-admin';
import { domainHandler, operation, reply, type Operation } from '#lib/http';
import * as accounts from './accounts.ts';
import * as refunds from './refunds.ts';
import * as reports from './reports.ts';
import { requireTestHost, type AdminScope } from './scope.ts';
import * as settings from './settings.ts';

/** The accounting export and refund import exist on test hosts only (spec 000 §2). */
const onTestHost = (scope: AdminScope): AdminScope => (requireTestHost(scope), scope);

export const operations: Operation[] = [
  operation(api.getFlightSettings, async (_input, scope) => settings.getSettings(scope)),
  operation(api.saveFlightSettings, async (input, scope) =>
    reply(await settings.saveSettings(scope, input), { message: 'Flight settings saved' }),
  ),
  operation(api.testFlightSupply, async (input, scope) => settings.testSupply(scope, input)),
  operation(api.getSupplierAccounts, async (_input, scope) => accounts.accounts(scope)),
  operation(api.getSupplierStatement, async (input, scope) => accounts.statement(scope, input)),
  operation(api.addSupplierDeposit, async (input, scope) => {
    const out = await accounts.addDeposit(scope, input);
    return reply(out, { message: out.duplicate ? 'This deposit was already recorded' : 'Deposit recorded' });
  }),
  operation(api.getSupplierProfitLoss, async (input, scope) => reports.profitLoss(scope, input)),
  operation(api.getInfozealVouchers, async (input, scope) => reports.vouchers(onTestHost(scope), input)),
  operation(api.previewTboRefunds, async (input, scope) => refunds.preview(onTestHost(scope), input.rows)),
  operation(api.applyTboRefunds, async (input, scope) => refunds.apply(onTestHost(scope), input.rows)),
];

export const handler = domainHandler(operations);
