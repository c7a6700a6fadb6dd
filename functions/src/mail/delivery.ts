/**
 * Email delivery, the email queue worker's body: delivers rendered mails through SES. One record handler, partial
 * batch failures (only failed records come back), and at most one send per idempotency key. Attachment requests
 * (the e-ticket PDF) are rendered just before the send; a failed render is retried and ends in the DLQ. The worker's
 * entry (functions/src/entries/workers/email.ts) builds the deps: the claims and suppression list kept here, the
 * sender's site, SES, and the renderer of the domain that owns the attachment.
 */
import type { SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import type { SQSRecord } from 'aws-lambda';
import type { TEmailAttachmentRequest } from '@tp/contracts/email';
import { buildMime, formatAddress } from '@tp/mail';
import { env } from '#lib/config';
import type { SiteId } from '#lib/keys';
import type { Logger } from '#lib/logger';
import { ZEmailMessage, type EmailMessage } from '#lib/mail';
import { errorText, parseBody, sqsBatchHandler, type SqsHandler } from '#lib/sqs-batch';

export interface EmailWorkerDeps {
  /** Claims the key before sending; false when a previous delivery already claimed it. */
  claim(siteId: SiteId, idempotencyKey: string, now: Date): Promise<boolean>;
  /** Gives the claim back after a failed send, so the retry can send. */
  release(siteId: SiteId, idempotencyKey: string): Promise<void>;
  /** The sending site's company name (the From display name) and domain; null when the site does not exist. */
  sender(siteId: SiteId): Promise<Sender | null>;
  send(input: SendEmailCommandInput): Promise<void>;
  /** Whether the user keeps mail on for this kind of event (a mail with a `notice`). */
  wantsMail(siteId: SiteId, userId: string, kind: NonNullable<EmailMessage['notice']>['kind']): Promise<boolean>;
  /** Which of these addresses are on the suppression list (hard bounces, complaints: feedback.ts). */
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
 * From the reseller's own domain when the stage has verified it (DKIM-signed, its own MAIL FROM), else from the stage's address; always under the reseller's company name.
 */
export function senderAddress(sender: Sender, stageFrom: string, mailDomains: string): string {
  const domain = sender.domain.trim().toLowerCase();
  const verified = mailDomains
    .split(',')
    .map((d) => d.trim().toLowerCase())
    .includes(domain);
  return formatAddress(sender.companyName, verified && domain ? `no-reply@${domain}` : stageFrom);
}

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
  if (msg.notice && !(await deps.wantsMail(msg.siteId, msg.notice.userId, msg.notice.kind)))
    return deps.log.info('email dropped: the user turned this mail off', {
      messageId: record.messageId,
      siteId: msg.siteId,
      kind: msg.notice.kind,
    });
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

export function createEmailHandler(deps: EmailWorkerDeps): SqsHandler {
  return sqsBatchHandler(
    (record) => processRecord(record, deps),
    (record, err) =>
      deps.log.error('email send failed; will retry', { messageId: record.messageId, error: errorText(err) }),
  );
}
