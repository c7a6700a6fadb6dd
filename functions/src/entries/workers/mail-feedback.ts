/**
 * Mail feedback worker: SES's bounce and complaint events (configuration set → SNS → this queue, delivered
 * raw) become the suppression list the email worker honours. A permanent bounce or a complaint suppresses
 * the address; a transient bounce (mailbox full, greylisting) does not. Anything else is dropped as noise.
 */
import * as z from 'zod/mini';
import type { SQSRecord } from 'aws-lambda';
import { log, type Logger } from '#lib/logger';
import { errorText, parseBody, sqsBatchHandler, type SqsHandler } from '#lib/sqs-batch';
import { suppress, type SuppressionReason } from '../../mail/index.ts';

const recipients = z.array(z.object({ emailAddress: z.string() }));

/** The part of SES's event JSON this worker reads (SES documents many more fields). */
const ZSesFeedback = z.object({
  eventType: z.string(),
  bounce: z.optional(z.object({ bounceType: z.string(), bouncedRecipients: recipients })),
  complaint: z.optional(z.object({ complainedRecipients: recipients })),
  mail: z.optional(z.object({ messageId: z.optional(z.string()) })),
});
export type SesFeedback = z.infer<typeof ZSesFeedback>;

/** The addresses an event suppresses, and why; none for a transient bounce or another event type. */
export function suppressionsOf(event: SesFeedback): { address: string; reason: SuppressionReason }[] {
  if (event.eventType === 'Bounce' && event.bounce?.bounceType === 'Permanent')
    return event.bounce.bouncedRecipients.map((r) => ({ address: r.emailAddress, reason: 'bounce' as const }));
  if (event.eventType === 'Complaint' && event.complaint)
    return event.complaint.complainedRecipients.map((r) => ({ address: r.emailAddress, reason: 'complaint' as const }));
  return [];
}

export interface MailFeedbackDeps {
  suppress(address: string, reason: SuppressionReason, at: Date): Promise<void>;
  now(): Date;
  log: Logger;
}

export const defaultDeps: MailFeedbackDeps = { suppress, now: () => new Date(), log };

async function processRecord(record: SQSRecord, deps: MailFeedbackDeps): Promise<void> {
  const event = parseBody(record, ZSesFeedback);
  if (!event) return deps.log.warn('mail feedback dropped: not an SES event', { messageId: record.messageId });
  const found = suppressionsOf(event);
  for (const { address, reason } of found) await deps.suppress(address, reason, deps.now());
  // Counts and the SES message id only: addresses are personal data and stay out of the logs.
  deps.log.info('mail feedback', {
    messageId: record.messageId,
    eventType: event.eventType,
    sesMessageId: event.mail?.messageId,
    suppressed: found.length,
  });
}

export function createMailFeedbackHandler(deps: MailFeedbackDeps = defaultDeps): SqsHandler {
  return sqsBatchHandler(
    (record) => processRecord(record, deps),
    (record, err) =>
      deps.log.error('mail feedback failed; will retry', { messageId: record.messageId, error: errorText(err) }),
  );
}

export const handler = createMailFeedbackHandler();
