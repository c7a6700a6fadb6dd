/**
 * Scheduled (hourly on AWS; an interval locally): mails each site's staff the day before a quotation's payment
 * deadline while a balance is due (functions/src/kart/reminders.ts).
 */
import { requireConfig } from '#lib/config';
import { sendDeadlineReminders } from '../../kart/index.ts';

// Fails this worker's cold start, not its first run, when the stack left out its configuration.
requireConfig(['TABLE_NAME', 'EMAIL_QUEUE_URL']);

export const handler = async (): Promise<void> => {
  await sendDeadlineReminders();
};
