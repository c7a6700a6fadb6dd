/**
 * The notifications queue's message: "tell these users about this event". Producers call `notify` after their
 * change is committed; the notifications worker (functions/src/notifications/worker.ts) reads each recipient's
 * choice for the kind and pushes to their browsers and/or mails them. A failed enqueue never undoes the change:
 * `notify` logs and returns.
 */
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import * as z from 'zod/mini';
import { NOTIFICATION_KIND_IDS, type NotificationKind } from '@tp/contracts/endpoints/notifications';
import { lazy } from '@tp/contracts/lazy';
import { ALL_PERMISSION_KEYS } from '@tp/contracts/permissions';
import { env } from './config.ts';
import { correlationAttributes } from './correlation.ts';
import { zSiteId } from './keys.ts';
import { createLogger } from './logger.ts';
import { sqs } from './sqs.ts';

export const ZNotifyMessage = lazy(() =>
  z.object({
    siteId: zSiteId,
    kind: z.enum(NOTIFICATION_KIND_IDS as [NotificationKind, ...NotificationKind[]]),
    /**
     * Named users (the booker, the cart's owner), or every active staff user of the site who holds the
     * permission of the screen the notification opens: a push nobody could act on is noise.
     */
    to: z.union([
      z.object({
        userIds: z.array(z.string().check(z.minLength(1), z.maxLength(64))).check(z.minLength(1), z.maxLength(20)),
      }),
      z.object({ staff: z.literal(true), permission: z.enum(ALL_PERMISSION_KEYS as [string, ...string[]]) }),
    ]),
    title: z.string().check(z.minLength(1), z.maxLength(120)),
    body: z.string().check(z.maxLength(400)),
    /** Path inside the SPA the notification opens (`/crm?enquiry=…`); the worker makes it the site's URL. */
    path: z.string().check(z.regex(/^\/[^\s]*$/), z.maxLength(500)),
    /** The producer mails this event itself (the refund mail with its breakdown): the worker only pushes. */
    mailedByProducer: z.optional(z.boolean()),
    /** Same key = same event: a redelivered or repeated message reaches each user once. */
    idempotencyKey: z.string().check(z.minLength(1), z.maxLength(256)),
  }),
);
export type TNotifyMessage = z.input<typeof ZNotifyMessage>;
export type NotifyMessage = z.output<typeof ZNotifyMessage>;

/** Enqueues the notification; never throws (an event is told best effort, the change it follows stands). */
export async function notify(message: TNotifyMessage): Promise<void> {
  try {
    const queueUrl = env().NOTIFICATIONS_QUEUE_URL;
    if (!queueUrl) throw new Error('NOTIFICATIONS_QUEUE_URL is not set');
    await sqs().send(
      new SendMessageCommand({
        QueueUrl: queueUrl,
        MessageBody: JSON.stringify(ZNotifyMessage.parse(message)),
        MessageAttributes: correlationAttributes(),
      }),
    );
  } catch (err) {
    createLogger({ siteId: message.siteId }).error('notification not enqueued', {
      kind: message.kind,
      idempotencyKey: message.idempotencyKey,
      error: String(err),
    });
  }
}
