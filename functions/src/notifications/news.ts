/**
 * In-app news (docs/notifications.md "In-app news"): what a customer was told about their activity cart or quotation
 * (confirmed, rejected, vouchered, cancelled, refunded), kept for NEWS_DAYS and shown as the app's banner until they
 * dismiss it. The notifications worker writes one item per event and user (keyed by the event's key: a redelivery
 * writes nothing new); a user's partition is bounded by that lifetime, read with one Query.
 */
import * as api from '@tp/contracts/endpoints/notifications';
import { NOTIFICATION_KINDS, type TNews } from '@tp/contracts/endpoints/notifications';
import { answers } from '#lib/answers';
import { sha256 } from '#lib/crypto';
import type { SiteId } from '#lib/keys';
import type { NotifyMessage } from '#lib/notify';
import { deleteNews, newsOf, putNews } from './news-repo.ts';

/** How long a piece of news stays (the table's TTL removes it then). */
export const NEWS_DAYS = 14;
/** What the banner shows at most. */
const NEWS_SHOWN = 5;

/** The customer kinds are news; staff have their queues. */
export const isNews = (kind: NotifyMessage['kind']): boolean => NOTIFICATION_KINDS[kind].audience === 'customer';

/** Keeps one event for one user (once per event key). */
export async function keepNews(siteId: SiteId, userId: string, msg: NotifyMessage, now: Date): Promise<void> {
  const id = sha256(msg.idempotencyKey).slice(0, 43);
  const news: TNews = { id, kind: msg.kind, title: msg.title, body: msg.body, path: msg.path, at: now.toISOString() };
  await putNews(siteId, userId, news, Math.ceil(now.getTime() / 1000) + NEWS_DAYS * 86_400);
}

/** The newest news not yet removed by the TTL (which runs late), at most NEWS_SHOWN. */
export async function myNews(siteId: SiteId, userId: string, now: Date): Promise<TNews[]> {
  const live = Math.floor(now.getTime() / 1000);
  return (await newsOf(siteId, userId))
    .filter((n) => n.expiresAt > live)
    .map((n) => n.news)
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, NEWS_SHOWN);
}

export const dismiss = deleteNews;

// The notifications Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerGetMyNews = answers(api.getMyNews, async (_input, scope) => ({
  news: await myNews(scope.site.siteId, scope.principal.userId, scope.now),
}));
export const answerDismissNews = answers(api.dismissNews, async (input, scope) => ({
  dismissed: await dismiss(scope.site.siteId, scope.principal.userId, input.id),
}));
