/**
 * The notifications worker's body: each queued event (lib/notify.ts) told to each of its users the way they chose
 * (preferences.ts): pushed to every browser they subscribed, mailed through the email queue, both or neither. A
 * subscription the push service dropped (404/410) is deleted. At most one push per event and user (a claim,
 * given back when the push fails, so the retry pushes); mails carry a key per event and user, which the email
 * worker sends once. The entry (functions/src/entries/workers/notifications.ts) wires the users and the site.
 */
import type { SQSRecord } from 'aws-lambda';
import { renderMail } from '@tp/mail';
import { sha256 } from '#lib/crypto';
import type { SiteId } from '#lib/keys';
import type { Logger } from '#lib/logger';
import { appLink, mailBrand, type TEmailMessage } from '#lib/mail';
import { ZNotifyMessage, type NotifyMessage } from '#lib/notify';
import { errorText, parseBody, sqsBatchHandler, type SqsHandler } from '#lib/sqs-batch';
import type { SiteRecord } from '#lib/tenancy';
import { isNews, keepNews } from './news.ts';
import { channelsFor, type Channels } from './preferences.ts';
import { acceptedEndpoint, sendPush, type PushPayload } from './push.ts';
import * as repo from './repo.ts';
import { endpointHash } from './service.ts';
import { vapidKeys, type VapidKeys } from './vapid.ts';

export interface Recipient {
  email: string;
  /** Blocked or deactivated users are told nothing. */
  active: boolean;
}

/** What the worker needs from above (the users domain, the site): the entry fills it. */
export interface NotificationsWorkerWiring {
  site(siteId: SiteId): Promise<SiteRecord | null>;
  /** Every staff user id of the site holding the permission (paged inside; a site's staff is a bounded list). */
  staffIds(siteId: SiteId, permission: string): Promise<string[]>;
  recipient(siteId: SiteId, userId: string): Promise<Recipient | null>;
  enqueueEmail(message: TEmailMessage): Promise<void>;
  log: Logger;
  now(): Date;
}

export interface NotificationsWorkerDeps {
  repo: Pick<typeof repo, 'subscriptionsOf' | 'deleteSubscription' | 'claimPushSent' | 'releasePushSent'>;
  channelsFor(siteId: SiteId, userId: string, kind: NotifyMessage['kind']): Promise<Channels>;
  vapidKeys(): Promise<VapidKeys | null>;
  sendPush: typeof sendPush;
  /** A customer's event kept for the app's banner (news.ts), whatever they chose for mail and push. */
  keepNews(siteId: SiteId, userId: string, msg: NotifyMessage, now: Date): Promise<void>;
}
const defaults: NotificationsWorkerDeps = { repo, channelsFor, vapidKeys, sendPush, keepNews };

/** Pushes to every browser of one user; the number of pushes that went out. Throws when one should be retried. */
async function pushToUser(
  siteId: SiteId,
  userId: string,
  payload: PushPayload,
  vapid: VapidKeys,
  deps: NotificationsWorkerDeps,
  log: Logger,
): Promise<number> {
  let sent = 0;
  let failure: unknown = null;
  for (const sub of await deps.repo.subscriptionsOf(siteId, userId)) {
    if (!acceptedEndpoint(sub.endpoint)) continue;
    try {
      if ((await deps.sendPush(sub, payload, vapid)) === 'gone') {
        await deps.repo.deleteSubscription(siteId, userId, endpointHash(sub.endpoint), sub.endpoint);
        log.info('push subscription removed: the push service dropped it', { siteId, userId });
      } else sent++;
    } catch (err) {
      failure = err;
    }
  }
  // Only when nothing went out: a retry would push twice to the browsers that got it.
  if (failure && !sent) throw failure;
  return sent;
}

async function tellUser(
  msg: NotifyMessage,
  site: SiteRecord,
  userId: string,
  vapid: VapidKeys | null,
  wiring: NotificationsWorkerWiring,
  deps: NotificationsWorkerDeps,
): Promise<void> {
  const recipient = await wiring.recipient(msg.siteId, userId);
  if (!recipient?.active) return;
  if (isNews(msg.kind)) await deps.keepNews(msg.siteId, userId, msg, wiring.now());
  const channels = await deps.channelsFor(msg.siteId, userId, msg.kind);
  const url = appLink(site, msg.path);
  // Pushed before mailed: once a user's mail is queued, their push was done (or not wanted).
  if (channels.push && vapid) {
    const keyHash = sha256(msg.idempotencyKey);
    if (await deps.repo.claimPushSent(msg.siteId, keyHash, userId, wiring.now())) {
      try {
        await pushToUser(msg.siteId, userId, { title: msg.title, body: msg.body, url }, vapid, deps, wiring.log);
      } catch (err) {
        await deps.repo.releasePushSent(msg.siteId, keyHash, userId);
        throw err;
      }
    }
  }
  if (channels.mail && !msg.mailedByProducer && recipient.email) {
    const mail = renderMail(mailBrand(site), {
      subject: msg.title,
      preheader: msg.body,
      heading: msg.title,
      greeting: 'Hello,',
      paragraphs: [msg.body],
      action: { label: 'Open', url },
    });
    await wiring.enqueueEmail({
      siteId: msg.siteId,
      to: recipient.email,
      ...mail,
      idempotencyKey: `notify#${msg.idempotencyKey}#${userId}`,
    });
  }
}

async function processRecord(
  record: SQSRecord,
  wiring: NotificationsWorkerWiring,
  deps: NotificationsWorkerDeps,
): Promise<void> {
  const msg = parseBody(record, ZNotifyMessage);
  if (!msg) return wiring.log.warn('notification dropped: invalid body', { messageId: record.messageId });
  const site = await wiring.site(msg.siteId);
  if (!site) return wiring.log.warn('notification dropped: unknown site', { messageId: record.messageId });
  const userIds = 'staff' in msg.to ? await wiring.staffIds(msg.siteId, msg.to.permission) : msg.to.userIds;
  const vapid = await deps.vapidKeys();
  const failures: unknown[] = [];
  // One user's failing push service must not keep the others from hearing; the message is retried for them.
  for (const userId of new Set(userIds)) {
    await tellUser(msg, site, userId, vapid, wiring, deps).catch((err: unknown) => failures.push(err));
  }
  if (failures.length) throw failures[0];
}

export function createNotificationsHandler(
  wiring: NotificationsWorkerWiring,
  deps: NotificationsWorkerDeps = defaults,
): SqsHandler {
  return sqsBatchHandler(
    (record) => processRecord(record, wiring, deps),
    (record, err) =>
      wiring.log.error('notification failed; will retry', { messageId: record.messageId, error: errorText(err) }),
  );
}
