/** Answers about packages for other domains (through index.ts). */
import { AppError } from '#lib/errors';
import type { SiteId } from '#lib/keys';
import { getPackage } from './packages.ts';

/** The title of a package the site's travellers may see (its own or a supplier's supply), or null. */
export async function visiblePackageTitle(siteId: SiteId, id: string): Promise<string | null> {
  try {
    return (await getPackage({ site: { siteId }, now: new Date(), log: { warn: () => undefined } }, id)).title;
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
    throw err;
  }
}
