/** The mail-feedback queue worker: SES bounces and complaints fill the suppression list (mail/feedback.ts). */
import { createMailFeedbackHandler } from '../../mail/index.ts';

export const handler = createMailFeedbackHandler();
