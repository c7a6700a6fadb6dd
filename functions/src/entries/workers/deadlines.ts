/**
 * Scheduled (every 5 minutes on AWS; an interval locally): fires every deadline of the one deadline index
 * (functions/src/deadlines) that is due, once, through its kind's handler: the warning 6 hours before a hold lapses
 * and the escalation of an unhandled disruption (functions/src/tickets/deadline-handlers.ts), a quotation's balance
 * reminders to the customer (functions/src/kart/balance-reminders.ts).
 */
import { requireConfig } from '#lib/config';
import { runDueDeadlines, type DeadlineHandlers } from '../../deadlines/index.ts';
import { remindKartBalance } from '../../kart/index.ts';
import { escalateDisruption, warnHoldLapsing } from '../../tickets/index.ts';

// Fails this worker's cold start, not its first run, when the stack left out its configuration.
requireConfig(['TABLE_NAME', 'EMAIL_QUEUE_URL']);

export const deadlineHandlers: DeadlineHandlers = {
  holdWarning: (d, now) => warnHoldLapsing(d, now),
  disruptionEscalation: (d, now) => escalateDisruption(d, now),
  kartBalanceReminder: (d) => remindKartBalance(d),
};

export const handler = async (): Promise<void> => {
  await runDueDeadlines(deadlineHandlers);
};
