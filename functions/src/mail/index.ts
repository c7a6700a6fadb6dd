/**
 * The mail domain's public entry: delivery through SES (the email worker's body) with its "already sent" markers,
 * and the suppression list SES feedback fills. Queueing a mail is lib/mail.ts's; the workers are entries.
 */
export { createEmailHandler, type EmailWorkerDeps } from './delivery.ts';
export { createMailFeedbackHandler } from './feedback.ts';
export { claimMailSent, releaseMailSent } from './mail-sent-repo.ts';
export { suppressedOf } from './suppression-repo.ts';
