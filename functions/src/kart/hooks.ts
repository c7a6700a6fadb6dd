/**
 * Work that follows a quotation being vouchered or cancelled but must never undo it (the GST invoice of a vouchered
 * kart, its credit note when a vouchered kart is cancelled). Handed in by the kart Lambda's entry through
 * `kartStatusHooks`; failures are logged, the change stands.
 */
import { createLogger } from '#lib/logger';
import { port } from '#lib/ports';
import type { SiteRecord } from '#lib/tenancy';
import type { KartRecord } from './model.ts';

export type KartChange = 'vouchered' | 'cancelled';
export type KartStatusHook = (site: SiteRecord, kart: KartRecord, change: KartChange, now: Date) => Promise<void>;
export const kartStatusHooks = port<readonly KartStatusHook[]>('kart status hooks');

/** The change a save made that hooks follow: vouchered, or a vouchered kart cancelled; null otherwise. */
export function kartChange(before: KartRecord | null, after: KartRecord): KartChange | null {
  if (after.isVouchered && !before?.isVouchered && !after.isCancelled) return 'vouchered';
  if (after.isCancelled && !before?.isCancelled && before?.isVouchered) return 'cancelled';
  return null;
}

export async function runKartStatusHooks(site: SiteRecord, kart: KartRecord, change: KartChange, now: Date) {
  const log = createLogger({ siteId: site.siteId, kartId: kart.id });
  let hooks: readonly KartStatusHook[];
  try {
    hooks = kartStatusHooks.get();
  } catch (err) {
    log.error('after-status step failed', { detail: String(err) });
    return;
  }
  for (const hook of hooks)
    await hook(site, kart, change, now).catch((err: unknown) =>
      log.error('after-status step failed', { change, detail: String(err) }),
    );
}
