/**
 * Email queue worker: delivers rendered mails through SES. One record handler, partial batch failures
 * (only failed records come back), and at most one send per idempotency key. Attachment requests (the
 * e-ticket PDF) are rendered here, just before the send; a failed render is retried and ends in the DLQ.
 */
import { requireConfig } from '#lib/config';
import { SESv2Client, SendEmailCommand, type SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import type { SQSRecord } from 'aws-lambda';
import type { TEmailAttachmentRequest } from '@tp/contracts/email';
import { buildMime, formatAddress } from '@tp/mail';
import { env } from '#lib/config';
import type { SiteId } from '#lib/keys';
import { log, type Logger } from '#lib/logger';
import { ZEmailMessage, type EmailMessage } from '#lib/mail';
import { errorText, parseBody, sqsBatchHandler, type SqsHandler } from '#lib/sqs-batch';
import { siteById } from '#lib/tenancy';
import { getBooking } from '../../bookings/index.ts';
import { claimMailSent, releaseMailSent, suppressedOf } from '../../mail/index.ts';

// Fails this worker's cold start, not its first message, when the stack left out its configuration.
requireConfig(['TABLE_NAME']);

export interface EmailWorkerDeps {
  /** Claims the key before sending; false when a previous delivery already claimed it. */
  claim(siteId: SiteId, idempotencyKey: string, now: Date): Promise<boolean>;
  /** Gives the claim back after a failed send, so the retry can send. */
  release(siteId: SiteId, idempotencyKey: string): Promise<void>;
  /** The sending site's company name (the From display name) and domain; null when the site does not exist. */
  sender(siteId: SiteId): Promise<Sender | null>;
  send(input: SendEmailCommandInput): Promise<void>;
  /** Which of these addresses are on the suppression list (hard bounces, complaints: mail-feedback.ts). */
  suppressed(addresses: readonly string[]): Promise<Set<string>>;
  /** Renders one requested attachment of a mail of this site; throws (and the mail is retried) when it cannot. */
  render(siteId: SiteId, request: TEmailAttachmentRequest): Promise<EmailAttachment>;
  now(): Date;
  log: Logger;
}

type EmailAttachment = NonNullable<EmailMessage['attachments']>[number];

export interface Sender {
  companyName: string;
  domain: string;
}

/**
 * From the reseller's own domain when the stage has verified it (DKIM-signed, its own MAIL FROM: issue #17
 * item 4), else from the stage's address; always under the reseller's company name.
 */
export function senderAddress(sender: Sender, stageFrom: string, mailDomains: string): string {
  const domain = sender.domain.trim().toLowerCase();
  const verified = mailDomains
    .split(',')
    .map((d) => d.trim().toLowerCase())
    .includes(domain);
  return formatAddress(sender.companyName, verified && domain ? `no-reply@${domain}` : stageFrom);
}

let ses: SESv2Client | undefined;

export const defaultDeps: EmailWorkerDeps = {
  claim: claimMailSent,
  release: releaseMailSent,
  suppressed: suppressedOf,
  async sender(siteId) {
    const site = await siteById(siteId);
    return site ? { companyName: site.companyName, domain: site.domain } : null;
  },
  async send(input) {
    ses ??= new SESv2Client({});
    await ses.send(new SendEmailCommand(input));
  },
  async render(siteId, request) {
    const [site, booking] = await Promise.all([siteById(siteId), getBooking(siteId, request.bookingId)]);
    if (!site || !booking) throw new Error(`${request.kind}: booking ${request.bookingId} not found in ${siteId}`);
    // Loaded on first use: pdf-lib and bwip-js cost nothing to a container that only sends plain mail.
    const { eTicketPdfAttachment } = await import('../../tickets/index.ts');
    return eTicketPdfAttachment(site, booking, request);
  },
  now: () => new Date(),
  log,
};

/** SES input: Simple content, or a raw MIME message when there are attachments. */
export function sendEmailInput(msg: EmailMessage, from: string): SendEmailCommandInput {
  const attachments = msg.attachments ?? [];
  if (attachments.length) {
    const mime = buildMime({ from, to: msg.to, subject: msg.subject, html: msg.html, text: msg.text, attachments });
    return {
      FromEmailAddress: from,
      Destination: { ToAddresses: msg.to },
      Content: { Raw: { Data: Buffer.from(mime, 'utf8') } },
    };
  }
  return {
    FromEmailAddress: from,
    Destination: { ToAddresses: msg.to },
    Content: {
      Simple: {
        Subject: { Data: msg.subject, Charset: 'UTF-8' },
        Body: { Html: { Data: msg.html, Charset: 'UTF-8' }, Text: { Data: msg.text, Charset: 'UTF-8' } },
      },
    },
  };
}

/** Resolves when the record is done with (sent, duplicate or dropped); rejects when it should be retried. */
async function processRecord(record: SQSRecord, deps: EmailWorkerDeps): Promise<void> {
  const msg = parseBody(record, ZEmailMessage);
  // A malformed message will never become valid: retrying would only walk it to the DLQ slowly.
  if (!msg) return deps.log.warn('email message dropped: invalid body', { messageId: record.messageId });
  const sender = await deps.sender(msg.siteId);
  if (sender === null)
    return deps.log.warn('email message dropped: unknown site', { messageId: record.messageId, siteId: msg.siteId });
  // Never mail an address that bounced for good or complained: it hurts every reseller's deliverability.
  const blocked = await deps.suppressed(msg.to);
  const to = msg.to.filter((a) => !blocked.has(a));
  if (to.length === 0)
    return deps.log.info('email dropped: every recipient is suppressed', {
      messageId: record.messageId,
      siteId: msg.siteId,
      recipients: msg.to.length,
    });
  if (!(await deps.claim(msg.siteId, msg.idempotencyKey, deps.now())))
    return deps.log.info('email already sent', {
      messageId: record.messageId,
      siteId: msg.siteId,
      idempotencyKey: msg.idempotencyKey,
    });
  try {
    // Rendered after the claim (a duplicate renders nothing), inside the try (a failed render frees the
    // claim and the record is retried, then dead-lettered; it is never dropped).
    const rendered = await Promise.all((msg.attachmentRequests ?? []).map((r) => deps.render(msg.siteId, r)));
    const attachments = [...(msg.attachments ?? []), ...rendered];
    await deps.send(
      sendEmailInput({ ...msg, to, attachments }, senderAddress(sender, env().MAIL_FROM, env().MAIL_DOMAINS)),
    );
  } catch (err) {
    await deps.release(msg.siteId, msg.idempotencyKey);
    throw err;
  }
}

export function createEmailHandler(deps: EmailWorkerDeps = defaultDeps): SqsHandler {
  return sqsBatchHandler(
    (record) => processRecord(record, deps),
    (record, err) =>
      deps.log.error('email send failed; will retry', { messageId: record.messageId, error: errorText(err) }),
  );
}

export const handler = createEmailHandler();
