/**
 * Work that follows a cart's status change but must never undo it (the GST invoice of a vouchered cart, its credit
 * note when a vouchered cart is cancelled). Handed in by the activities Lambda's entry through `cartStatusHooks`,
 * like the booking hooks: no module registers itself by being imported. Failures are logged, the move stands.
 */
import type { CartStatus } from '@tp/domain/activities';
import { createLogger } from '#lib/logger';
import { port } from '#lib/ports';
import type { SiteRecord } from '#lib/tenancy';
import type { CartRecord } from './repo.ts';

export type CartStatusHook = (site: SiteRecord, cart: CartRecord, from: CartStatus, now: Date) => Promise<void>;
export const cartStatusHooks = port<readonly CartStatusHook[]>('cart status hooks');

export async function runCartStatusHooks(site: SiteRecord, cart: CartRecord, from: CartStatus, now: Date) {
  const log = createLogger({ siteId: site.siteId, cartId: cart.id });
  let hooks: readonly CartStatusHook[];
  try {
    hooks = cartStatusHooks.get();
  } catch (err) {
    log.error('after-status step failed', { detail: String(err) });
    return;
  }
  for (const hook of hooks)
    await hook(site, cart, from, now).catch((err: unknown) =>
      log.error('after-status step failed', { status: cart.status, detail: String(err) }),
    );
}
