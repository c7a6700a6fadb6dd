import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { correlationAttributes } from './correlation.ts';
import * as z from 'zod/mini';
import { ZEmailAttachmentRequest } from '@tp/contracts/email';
import { NOTIFICATION_KIND_IDS, type NotificationKind } from '@tp/contracts/endpoints/notifications';
import { lazy } from '@tp/contracts/lazy';
import type { MailBrand } from '@tp/mail';
import { env } from './config.ts';
import { appLink } from './links.ts';
import { zSiteId } from './keys.ts';
import { sqs } from './sqs.ts';
import type { SiteRecord } from './tenancy.ts';

/**
 * The email queue's message: a fully rendered mail. Producers render (they know the template and the
 * data); the worker only delivers, so a template change never strands messages already queued.
 */
export const ZEmailAttachment = lazy(() =>
  z.object({
    filename: z.string().check(z.minLength(1), z.maxLength(200)),
    contentType: z.string().check(z.regex(/^[\w.+-]+\/[\w.+-]+$/)),
    contentBase64: z.base64(),
  }),
);

// Built on first use (lazy, like the contracts' schemas): most Lambdas import this module and never mail.
export const ZEmailMessage = lazy(() =>
  z.object({
    siteId: zSiteId,
    to: z.pipe(
      z.union([z.email(), z.array(z.email()).check(z.minLength(1), z.maxLength(50))]),
      z.transform((v) => (Array.isArray(v) ? v : [v])),
    ),
    subject: z.string().check(z.minLength(1), z.maxLength(998)),
    html: z.string().check(z.minLength(1)),
    text: z.string().check(z.minLength(1)),
    attachments: z.optional(z.array(ZEmailAttachment).check(z.maxLength(10))),
    /** Attachments the worker renders before sending (@tp/contracts/email); a render failure is retried. */
    attachmentRequests: z.optional(z.array(ZEmailAttachmentRequest).check(z.minLength(1), z.maxLength(10))),
    /**
     * The event this mail tells a user about: the email worker sends it only while that user keeps mail on for
     * the kind (their notification preferences).
     */
    notice: z.optional(
      z.object({
        userId: z.string().check(z.minLength(1), z.maxLength(64)),
        kind: z.enum(NOTIFICATION_KIND_IDS as [NotificationKind, ...NotificationKind[]]),
      }),
    ),
    /** Same key = same mail: a redelivered or re-enqueued message is sent once. */
    idempotencyKey: z.string().check(z.minLength(1), z.maxLength(256)),
  }),
);
export type TEmailMessage = z.input<typeof ZEmailMessage>;
export type EmailMessage = z.output<typeof ZEmailMessage>;

/** SQS's message size limit; larger attachments must travel as links instead. */
const MAX_MESSAGE_BYTES = 256 * 1024;

export async function enqueueEmail(message: TEmailMessage): Promise<void> {
  const body = JSON.stringify(ZEmailMessage.parse(message));
  if (Buffer.byteLength(body) > MAX_MESSAGE_BYTES) throw new Error('email message exceeds the SQS size limit');
  const queueUrl = env().EMAIL_QUEUE_URL;
  if (!queueUrl) throw new Error('EMAIL_QUEUE_URL is not set');
  await sqs().send(
    new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: body, MessageAttributes: correlationAttributes() }),
  );
}

export { appLink } from './links.ts';

export function mailBrand(
  site: Pick<SiteRecord, 'domain' | 'companyName' | 'logoUrl' | 'brandingSettings'>,
): MailBrand {
  return {
    companyName: site.companyName,
    logoUrl: site.logoUrl,
    primaryColor: site.brandingSettings.theme.palette.primary,
    siteUrl: appLink(site, '/'),
  };
}
