import { checkExistingSubscription, createPushSubscription } from '@tp/contracts/endpoints/notifications';
import { call } from '#api/client.ts';

/**
 * Browser push (spec 000 §4 for staff; anyone from their notification preferences). The VAPID public key is the
 * stage's, read at run time (GET notification/pushKey): a stage without one answers null and push is not offered.
 */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'Notification' in window && 'PushManager' in window && 'serviceWorker' in navigator
  );
}

/** Whether to offer the prompt at all: a capable browser and a permission not yet decided (the key is asked apart). */
export function shouldOfferPush(): boolean {
  return pushSupported() && Notification.permission === 'default';
}

function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64Url + '='.repeat((4 - (base64Url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Asks the browser, subscribes through our service worker and registers the subscription once. Returns false when the user declined. */
export async function enablePush(publicKey: string): Promise<boolean> {
  if ((await Notification.requestPermission()) !== 'granted') return false;
  const registration = await navigator.serviceWorker.register(`${import.meta.env.BASE_URL}sw.js`, {
    scope: import.meta.env.BASE_URL,
  });
  await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  const { exists } = await call(checkExistingSubscription, { subscriptionEndPoint: subscription.endpoint });
  if (!exists) {
    const json = subscription.toJSON();
    await call(createPushSubscription, {
      subscription: {
        endpoint: subscription.endpoint,
        expirationTime: subscription.expirationTime,
        keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
      },
    });
  }
  return true;
}
