/**
 * One push to one browser: the payload encrypted for the subscription (RFC 8291, aes128gcm) and signed with the
 * stage's VAPID key (RFC 8292) by the web-push package, then posted to the browser's push service. The answer
 * says what to do with the subscription: a push service answering 404 or 410 has dropped it for good.
 */
import webpush from 'web-push';
import { env } from '#lib/config';
import type { PushSubscriptionRecord } from './repo.ts';
import type { VapidKeys } from './vapid.ts';

/** What the service worker (web/public/sw.js) shows. */
export interface PushPayload {
  title: string;
  body: string;
  /** Absolute URL on the user's own site. */
  url: string;
}

export type PushOutcome = 'sent' | 'gone';

/** How long a push service keeps an undelivered push (a browser offline): a day is long enough to matter. */
const TTL_SECONDS = 24 * 3600;
/** A push service that does not answer within this is retried with the message, not waited on. */
const TIMEOUT_MS = 10_000;

/** Push services are https; http only where the stage allows it (the local stack's test push service). */
export function acceptedEndpoint(endpoint: string): boolean {
  try {
    const { protocol } = new URL(endpoint);
    return protocol === 'https:' || (protocol === 'http:' && env().PUSH_HTTP_ENDPOINTS === 'allowed');
  } catch {
    return false;
  }
}

export async function sendPush(
  sub: Pick<PushSubscriptionRecord, 'endpoint' | 'keys'>,
  payload: PushPayload,
  vapid: VapidKeys,
  fetcher: typeof fetch = fetch,
): Promise<PushOutcome> {
  const request = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: sub.keys }, JSON.stringify(payload), {
    vapidDetails: vapid,
    TTL: TTL_SECONDS,
    contentEncoding: 'aes128gcm',
    urgency: 'normal',
  });
  const res = await fetcher(request.endpoint, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: request.body ? new Uint8Array(request.body) : null,
    signal: AbortSignal.timeout(TIMEOUT_MS),
    redirect: 'error',
  });
  await res.body?.cancel();
  if (res.status === 404 || res.status === 410) return 'gone';
  if (!res.ok) throw new Error(`push service answered ${res.status}`);
  return 'sent';
}
