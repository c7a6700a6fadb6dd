import { getAirports } from '@tp/contracts/endpoints/master';
import type { CityOption } from '@tp/contracts/endpoints/master';
import { call } from '#api/client.ts';
import { persisted } from '#lib/storage.ts';

/**
 * City names of airport codes, for fields restored from codes alone (a search URL, the last search):
 * the names of cities the user picked are remembered (`tp.cityNames`, a few dozen), others are looked
 * up once through the autocomplete's own call, which lists an exact airport code first.
 */
const store = persisted<Record<string, string>>('cityNames');
const KEEP = 40;
const lookups = new Map<string, Promise<string | null>>();

export const cityNames = {
  get: (code: string): string | undefined => store.get()?.[code],

  remember(option: Pick<CityOption, 'value' | 'label'>) {
    const known = store.get() ?? {};
    if (known[option.value] === option.label) return;
    // Most recent last; the oldest names go first once there are more than KEEP.
    const entries = Object.entries(known).filter(([code]) => code !== option.value);
    entries.push([option.value, option.label]);
    store.set(Object.fromEntries(entries.slice(-KEEP)));
  },

  /** The name of `code` ("Mumbai (BOM)"), or null when the lookup fails or finds no such airport. */
  lookup(code: string): Promise<string | null> {
    const known = cityNames.get(code);
    if (known) return Promise.resolve(known);
    let pending = lookups.get(code);
    if (!pending) {
      pending = call(getAirports, { search: code }, { handling: 'none' }).then(
        (options) => {
          const hit = options.find((o) => o.value === code);
          if (hit) cityNames.remember(hit);
          return hit?.label ?? null;
        },
        // A failed lookup leaves the code showing (it is still a valid search); try again next time.
        () => {
          lookups.delete(code);
          return null;
        },
      );
      lookups.set(code, pending);
    }
    return pending;
  },
};
