/**
 * The mail domain's public entry: what the mail workers keep (the suppression list SES feedback fills, the email
 * worker's "already sent" markers). Sending itself is lib/mail.ts's queue; the workers are entries.
 */
export { claimMailSent, releaseMailSent } from './mail-sent-repo.ts';
export { suppress, suppressedOf, type SuppressionReason } from './suppression-repo.ts';
