/** The mail-feedback queue worker: SES bounces and complaints fill the suppression list (functions/src/mail/feedback.ts). */
import { createMailFeedbackHandler } from '../../mail/index.ts';

export const handler = createMailFeedbackHandler();
