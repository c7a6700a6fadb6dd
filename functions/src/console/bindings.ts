import {
  consoleAuditLog,
  consoleLogin,
  consoleLogout,
  consoleSession,
  getReseller,
  inviteResellerAdmin,
  listResellers,
  onboardReseller,
  reactivateReseller,
  resendResellerAdminInvite,
  revokeResellerAdminInvite,
  suspendReseller,
} from '@tp/contracts/endpoints/console';
import { onDemand, operation, reply } from '#lib/http';
import { CONSOLE_MSG } from '@tp/contracts/endpoints/console';
import { checkGoLive, getGoLive, startGoLive } from '@tp/contracts/endpoints/console-domains';

const operators = onDemand(() => import('./operators.ts'));
const audit = onDemand(() => import('./audit.ts'));
const onboarding = onDemand(() => import('./onboard.ts'));
const resellers = onDemand(() => import('./resellers.ts'));
const goLive = onDemand(() => import('./domains/go-live.ts'));

export const operations = [
  operation(consoleLogin, async (input, scope) => (await operators()).login(scope, input)),
  operation(consoleLogout, async (_input, scope) => (await operators()).logout(scope)),
  operation(consoleSession, async (_input, scope) => (await operators()).session(scope)),
  operation(consoleAuditLog, async (input, scope) => (await audit()).auditLog(scope, input)),
  operation(onboardReseller, async (input, scope) => {
    const made = await (await onboarding()).onboard(scope, input);
    return reply(made, { message: CONSOLE_MSG.onboarded(made.companyName) });
  }),
  operation(listResellers, async (input, scope) => (await resellers()).listResellers(scope, input)),
  operation(getReseller, async (input, scope) => (await resellers()).getReseller(scope, input)),
  operation(inviteResellerAdmin, async (input, scope) => {
    const r = await (await resellers()).inviteAdmin(scope, input);
    return reply(r, { message: CONSOLE_MSG.adminInvited(input.email) });
  }),
  operation(resendResellerAdminInvite, async (input, scope) => {
    const r = await (await resellers()).resendAdminInvite(scope, input);
    return reply(r, { message: CONSOLE_MSG.adminInviteResent(r.admin?.email ?? '') });
  }),
  operation(revokeResellerAdminInvite, async (input, scope) =>
    reply(await (await resellers()).revokeAdminInvite(scope, input), { message: CONSOLE_MSG.adminInviteRevoked }),
  ),
  operation(suspendReseller, async (input, scope) => {
    const r = await (await resellers()).suspend(scope, input);
    return reply(r, { message: CONSOLE_MSG.suspended(r.companyName) });
  }),
  operation(reactivateReseller, async (input, scope) => {
    const r = await (await resellers()).reactivate(scope, input);
    return reply(r, { message: CONSOLE_MSG.reactivated(r.companyName) });
  }),
  // Going live on a reseller's domains (./domains: the checklist, the provisioner of the stage).
  operation(getGoLive, async (input) => (await goLive()).getGoLive(input)),
  operation(startGoLive, async (input, scope) => {
    const g = await goLive();
    const answer = await g.startGoLive(input, scope);
    return reply(answer, { message: g.goLiveMessage(answer, true) });
  }),
  operation(checkGoLive, async (input, scope) => {
    const g = await goLive();
    const answer = await g.checkGoLive(input, scope);
    return reply(answer, { message: g.goLiveMessage(answer, false) });
  }),
];

/** The preset's reader of console sessions (only the console's Lambda reads them). */
export const findOperator = async (token: string, now: Date) => (await operators()).findOperator(token, now);
