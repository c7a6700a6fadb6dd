// Derived by `npm run derive` (scripts/derive/bindings.ts) from the answers exported in this folder: do not edit.
import * as c0 from '@tp/contracts/endpoints/console';
import * as c1 from '@tp/contracts/endpoints/console-domains';
import { gathered, type Operation } from '#lib/http';

export const answered = (): Operation[] => [
  gathered(c0.consoleAuditLog, () => import('./audit.ts'), 'answerConsoleAuditLog', undefined),
  gathered(c1.getGoLive, () => import('./domains/go-live.ts'), 'answerGetGoLive', undefined),
  gathered(c1.startGoLive, () => import('./domains/go-live.ts'), 'answerStartGoLive', undefined),
  gathered(c1.checkGoLive, () => import('./domains/go-live.ts'), 'answerCheckGoLive', undefined),
  gathered(c0.onboardReseller, () => import('./onboard.ts'), 'answerOnboardReseller', undefined),
  gathered(c0.consoleLogin, () => import('./operators.ts'), 'answerConsoleLogin', undefined),
  gathered(c0.consoleLogout, () => import('./operators.ts'), 'answerConsoleLogout', undefined),
  gathered(c0.consoleSession, () => import('./operators.ts'), 'answerConsoleSession', undefined),
  gathered(c0.listResellers, () => import('./resellers.ts'), 'answerListResellers', undefined),
  gathered(c0.getReseller, () => import('./resellers.ts'), 'answerGetReseller', undefined),
  gathered(c0.inviteResellerAdmin, () => import('./resellers.ts'), 'answerInviteResellerAdmin', undefined),
  gathered(c0.resendResellerAdminInvite, () => import('./resellers.ts'), 'answerResendResellerAdminInvite', undefined),
  gathered(c0.revokeResellerAdminInvite, () => import('./resellers.ts'), 'answerRevokeResellerAdminInvite', undefined),
  gathered(c0.suspendReseller, () => import('./resellers.ts'), 'answerSuspendReseller', undefined),
  gathered(c0.reactivateReseller, () => import('./resellers.ts'), 'answerReactivateReseller', undefined),
];
