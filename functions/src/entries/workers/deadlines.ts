/**
 * Scheduled (every 5 minutes on AWS; an interval locally): fires every deadline of the one deadline index
 * (functions/src/deadlines) that is due, once, through its kind's handler: a hold's warning 6 hours before it lapses
 * and its release at the last ticketing date, the escalation of an unhandled disruption (functions/src/tickets),
 * a quotation's payment reminder (functions/src/kart/reminders.ts), a credit draw's due-date reminder
 * (functions/src/wallet/credit-reminders.ts) and the deletion of a decided visa application's documents
 * (functions/src/visa/retention.ts), and a quotation's balance reminders to the customer
 * (functions/src/kart/balance-reminders.ts).
 */
import { requireConfig } from '#lib/config';
import { runDueDeadlines, type DeadlineHandlers } from '../../deadlines/index.ts';
import { remindKartBalance, remindPaymentDeadline } from '../../kart/index.ts';
import { escalateDisruption, releaseLapsedHold, warnHoldLapsing } from '../../tickets/index.ts';
import { purgeDocuments } from '../../visa/index.ts';
import { remindCreditDue } from '../../wallet/index.ts';

// Fails this worker's cold start, not its first run, when the stack left out its configuration.
requireConfig(['TABLE_NAME', 'EMAIL_QUEUE_URL']);

export const deadlineHandlers: DeadlineHandlers = {
  holdWarning: (d, now) => warnHoldLapsing(d, now),
  holdRelease: async (d, now) => void (await releaseLapsedHold(d, now)),
  disruptionEscalation: (d, now) => escalateDisruption(d, now),
  kartPaymentReminder: async (d, now) => void (await remindPaymentDeadline(d, now)),
  creditDueReminder: async (d, now) => void (await remindCreditDue(d, now)),
  visaDocumentsPurge: async (d, now) => void (await purgeDocuments(d, now)),
  kartBalanceReminder: (d) => remindKartBalance(d),
};

export const handler = async (): Promise<void> => {
  await runDueDeadlines(deadlineHandlers);
};
