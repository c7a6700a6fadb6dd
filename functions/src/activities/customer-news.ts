/**
 * The cart's owner (an agent, mostly) is told when staff confirm, reject, voucher or cancel their activity cart: a
 * mail (packages/mail `agentStatusMail`) and the app's banner; "confirmed" is pushed too (the `cartConfirmed`
 * kind's default). After the move committed; never undoes it.
 */
import type { CartStatus } from '@tp/domain/activities';
import { tellStatus } from '#lib/status-news';
import type { SiteRecord } from '#lib/tenancy';
import { getUser } from '../users/records.ts';
import type { CartRecord } from './repo.ts';

const TOLD = ['confirmed', 'rejected', 'vouchered', 'cancelled'] as const satisfies readonly CartStatus[];
type Told = (typeof TOLD)[number];
const told = (s: CartStatus): s is Told => (TOLD as readonly CartStatus[]).includes(s);

export async function tellCartStatus(site: SiteRecord, from: CartStatus, cart: CartRecord): Promise<void> {
  if (cart.status === from || !told(cart.status)) return;
  const owner = await getUser(site.siteId, cart.userId);
  await tellStatus(site, {
    kind: cart.status === 'confirmed' ? 'cartConfirmed' : 'cartStatusChanged',
    userId: cart.userId,
    email: owner?.email ?? null,
    what: 'activity cart',
    name: `${cart.items.length} activit${cart.items.length === 1 ? 'y' : 'ies'} from ${cart.startDate}`,
    reference: cart.reference,
    step: cart.status,
    path: '/activities/queue',
    // The confirmed event keeps the key it always had: a redelivery after this change is still told once.
    idempotencyKey:
      cart.status === 'confirmed'
        ? `cart-confirmed#${cart.id}#${cart.version}`
        : `cart-${cart.status}#${cart.id}#${cart.version}`,
  });
}
