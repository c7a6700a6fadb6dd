/**
 * Scheduled (hourly on AWS; an interval locally): mails a legal entity's users 3 days before a credit draw's
 * due day while it is unpaid (functions/src/wallet/credit-reminders.ts).
 */
import { requireConfig } from '#lib/config';
import { sendCreditDueReminders } from '../../wallet/index.ts';

// Fails this worker's cold start, not its first run, when the stack left out its configuration.
requireConfig(['TABLE_NAME', 'EMAIL_QUEUE_URL']);

export const handler = async (): Promise<void> => {
  await sendCreditDueReminders();
};
