/**
 * Email queue worker: delivers rendered mails through SES. One record handler, partial batch failures
 * (only failed records come back), and at most one send per idempotency key. Attachment requests (the
 * e-ticket PDF) are rendered here, just before the send; a failed render is retried and ends in the DLQ.
 */
import { SESv2Client, SendEmailCommand, type SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { TEmailAttachmentRequest } from '@tp/contracts/email';
import { buildMime, formatAddress } from '@tp/mail';
import { env } from '#lib/config';
import { sha256 } from '#lib/crypto';
import { db, tableName } from '#lib/db';
import { isConditionFailure } from '#lib/errors';
import { keys } from '#lib/keys';
import { log, type Logger } from '#lib/logger';
import { ZEmailMessage, type EmailMessage } from '#lib/mail';
import { siteById } from '#lib/tenancy';
import { getBooking } from '../flights/bookings-repo.ts';

/** Markers outlive the queue's retention (4 days by default), so any redelivery still finds them. */
const SENT_MARKER_TTL_SECONDS = 7 * 24 * 3600;

export interface EmailWorkerDeps {
  /** Claims the key before sending; false when a previous delivery already claimed it. */
  claim(siteId: string, idempotencyKey: string, now: Date): Promise<boolean>;
  /** Gives the claim back after a failed send, so the retry can send. */
  release(siteId: string, idempotencyKey: string): Promise<void>;
  /** The sending site's company name (the From display name); null when the site does not exist. */
  senderName(siteId: string): Promise<string | null>;
  send(input: SendEmailCommandInput): Promise<void>;
  /** Renders one requested attachment of a mail of this site; throws (and the mail is retried) when it cannot. */
  render(siteId: string, request: TEmailAttachmentRequest): Promise<EmailAttachment>;
  now(): Date;
  log: Logger;
}

type EmailAttachment = NonNullable<EmailMessage['attachments']>[number];

const markerKey = (siteId: string, idempotencyKey: string) => keys.mailSent(siteId, sha256(idempotencyKey));

let ses: SESv2Client | undefined;

export const defaultDeps: EmailWorkerDeps = {
  async claim(siteId, idempotencyKey, now) {
    try {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...markerKey(siteId, idempotencyKey),
            type: 'MailSent',
            sentAt: now.toISOString(),
            expiresAt: Math.floor(now.getTime() / 1000) + SENT_MARKER_TTL_SECONDS,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  },
  async release(siteId, idempotencyKey) {
    await db().send(new DeleteCommand({ TableName: tableName(), Key: markerKey(siteId, idempotencyKey) }));
  },
  async senderName(siteId) {
    return (await siteById(siteId))?.companyName ?? null;
  },
  async send(input) {
    ses ??= new SESv2Client({});
    await ses.send(new SendEmailCommand(input));
  },
  async render(siteId, request) {
    const [site, booking] = await Promise.all([siteById(siteId), getBooking(siteId, request.bookingId)]);
    if (!site || !booking) throw new Error(`${request.kind}: booking ${request.bookingId} not found in ${siteId}`);
    // Loaded on first use: pdf-lib and bwip-js cost nothing to a container that only sends plain mail.
    const { eTicketPdfAttachment } = await import('../tickets/pdf.ts');
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

function parse(record: SQSRecord): EmailMessage | null {
  try {
    const parsed = ZEmailMessage.safeParse(JSON.parse(record.body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Resolves when the record is done with (sent, duplicate or dropped); rejects when it should be retried. */
async function processRecord(record: SQSRecord, deps: EmailWorkerDeps): Promise<void> {
  const msg = parse(record);
  // A malformed message will never become valid: retrying would only walk it to the DLQ slowly.
  if (!msg) return deps.log.warn('email message dropped: invalid body', { messageId: record.messageId });
  const company = await deps.senderName(msg.siteId);
  if (company === null)
    return deps.log.warn('email message dropped: unknown site', { messageId: record.messageId, siteId: msg.siteId });
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
    await deps.send(sendEmailInput({ ...msg, attachments }, formatAddress(company, env().MAIL_FROM)));
  } catch (err) {
    await deps.release(msg.siteId, msg.idempotencyKey);
    throw err;
  }
}

export function createEmailHandler(deps: EmailWorkerDeps = defaultDeps) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const results = await Promise.allSettled(event.Records.map((r) => processRecord(r, deps)));
    const batchItemFailures = results.flatMap((r, i) => {
      if (r.status === 'fulfilled') return [];
      const messageId = event.Records[i]!.messageId;
      deps.log.error('email send failed; will retry', {
        messageId,
        error: String((r.reason as Error)?.message ?? r.reason),
      });
      return [{ itemIdentifier: messageId }];
    });
    return { batchItemFailures };
  };
}

export const handler = createEmailHandler();
