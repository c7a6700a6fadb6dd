/** The kart domain's public entry: what workers use (the payment-deadline reminders). */
export { reminderDays, reminderKey, sendDeadlineReminders } from './reminders.ts';
