/**
 * The quotation's customer (an agent, mostly) is told when it is cancelled: a mail and the app's banner
 * (lib/status-news.ts). Confirmed (vouchered) is told by the vouchers' mail and the `quotationConfirmed` push
 * (paper.ts, karts.ts). After the save committed; never undoes it.
 */
import { sharedQuotationPath } from '@tp/contracts/endpoints/kart';
import { tellStatus } from '#lib/status-news';
import type { SiteRecord } from '#lib/tenancy';
import { getUser } from '../users/records.ts';
import type { KartRecord } from './model.ts';

export async function tellQuotationCancelled(
  site: SiteRecord,
  before: KartRecord | null,
  after: KartRecord,
): Promise<void> {
  if (!after.isCancelled || before?.isCancelled || !after.customerId) return;
  const customer = await getUser(site.siteId, after.customerId);
  await tellStatus(site, {
    kind: 'quotationStatusChanged',
    userId: after.customerId,
    email: customer?.email ?? null,
    what: 'quotation',
    name: after.kartName,
    reference: after.quotationId,
    step: 'cancelled',
    path: after.share ? sharedQuotationPath(after.share.slug) : '/',
    idempotencyKey: `kart-cancelled#${site.siteId}#${after.id}`,
  });
}
