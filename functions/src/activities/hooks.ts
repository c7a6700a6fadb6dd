/**
 * Work that follows a cart's status change but must never undo it (the GST invoice of a vouchered cart, its credit
 * note when a vouchered cart is cancelled). Handed in by the activities Lambda's entry in the ActivitiesWiring,
 * like the booking hooks: no module registers itself by being imported. Failures are logged, the move stands.
 */
import type { CartStatus } from '@tp/domain/activities';
import { runHooks } from '#lib/hooks';
import { createLogger } from '#lib/logger';
import type { SiteRecord } from '#lib/tenancy';
import type { KartWiring } from '../kart/index.ts';
import type { CartRecord } from './repo.ts';

export type CartStatusHook = (site: SiteRecord, cart: CartRecord, from: CartStatus, now: Date) => Promise<void>;

/** What the activities domain needs from the entry; the entry builds it (an incomplete one fails tsc). */
export interface ActivitiesWiring {
  /** Run after a cart's status changed (the invoices domain's). */
  afterCartStatus: readonly CartStatusHook[];
  /** The quotation a cart is made into is saved through the kart domain, with its own wiring. */
  kart: KartWiring;
}

export async function runCartStatusHooks(
  wiring: ActivitiesWiring,
  site: SiteRecord,
  cart: CartRecord,
  from: CartStatus,
  now: Date,
) {
  const log = createLogger({ siteId: site.siteId, cartId: cart.id });
  await runHooks(wiring.afterCartStatus, [site, cart, from, now], (err) =>
    log.error('after-status step failed', { status: cart.status, detail: String(err) }),
  );
}
