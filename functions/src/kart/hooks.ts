/**
 * Work that follows a quotation being vouchered or cancelled but must never undo it (the GST invoice of a vouchered
 * kart, its credit note when a vouchered kart is cancelled). Handed in by the entry in the KartWiring; failures are
 * logged, the change stands.
 */
import { runHooks } from '#lib/hooks';
import { createLogger } from '#lib/logger';
import type { SiteRecord } from '#lib/tenancy';
import type { KartRecord } from './model.ts';

export type KartChange = 'vouchered' | 'cancelled';
export type KartStatusHook = (site: SiteRecord, kart: KartRecord, change: KartChange, now: Date) => Promise<void>;

/** What the kart domain needs from the domains above it; the entry builds it (an incomplete one fails tsc). */
export interface KartWiring {
  /** Run after a save vouchered a quotation or cancelled a vouchered one (the invoices domain's). */
  afterStatusChange: readonly KartStatusHook[];
}

/** The change a save made that hooks follow: vouchered, or a vouchered kart cancelled; null otherwise. */
export function kartChange(before: KartRecord | null, after: KartRecord): KartChange | null {
  if (after.isVouchered && !before?.isVouchered && !after.isCancelled) return 'vouchered';
  if (after.isCancelled && !before?.isCancelled && before?.isVouchered) return 'cancelled';
  return null;
}

export async function runKartStatusHooks(
  wiring: KartWiring,
  site: SiteRecord,
  kart: KartRecord,
  change: KartChange,
  now: Date,
) {
  const log = createLogger({ siteId: site.siteId, kartId: kart.id });
  await runHooks(wiring.afterStatusChange, [site, kart, change, now], (err) =>
    log.error('after-status step failed', { change, detail: String(err) }),
  );
}
