/**
 * States and cities by country (country-state-city data; scripts/data/build-reference.ts).
 * The city table is ~1.8 MB unpacked (~600 KB as data/cities.br, a sidecar file of the master Lambda
 * bundle): only the master Lambda imports this module, and reads each table on first use.
 */
import CITIES_FILE from '#data/cities';
import STATES_FILE from '#data/states';
import { HOME_COUNTRY, countryByCode } from './countries.ts';
import { lazy, readPacked } from './packed.ts';

export interface State {
  /** Subdivision code within the country (ISO 3166-2 suffix, e.g. MH). */
  code: string;
  name: string;
  countryCode: string;
}

export interface City {
  /**
   * Position in the generated table (sorted by country, state, name). Stable while the data is not
   * regenerated; a regenerated table may renumber, so store names alongside ids where it matters.
   */
  id: number;
  name: string;
  stateCode: string;
  stateName: string;
  countryCode: string;
  countryName: string;
}

const STATES = lazy(() => readPacked<Record<string, [string, string][]>>(STATES_FILE));
/** Read on first use: a container that only lists states never pays for the city table. */
const CITIES = lazy(() => readPacked<Record<string, Record<string, string>>>(CITIES_FILE));

export function statesOf(countryCode: string): State[] {
  const cc = countryCode.trim().toUpperCase();
  return (STATES()[cc] ?? []).map(([code, name]) => ({ code, name, countryCode: cc }));
}

export function stateByCode(countryCode: string, stateCode: string): State | undefined {
  return statesOf(countryCode).find((s) => s.code === stateCode.trim().toUpperCase());
}

interface Block {
  countryCode: string;
  stateCode: string;
  /** Id of the block's first city. */
  firstId: number;
  names: string[];
}

let blocks: Block[] | undefined;
/** Per (country, state) blocks in id order; names are split on first use. */
function allBlocks(): Block[] {
  if (blocks) return blocks;
  let next = 0;
  blocks = [];
  for (const [countryCode, byState] of Object.entries(CITIES()))
    for (const [stateCode, joined] of Object.entries(byState)) {
      const names = joined.split('|');
      blocks.push({ countryCode, stateCode, firstId: next, names });
      next += names.length;
    }
  return blocks;
}

function toCity(block: Block, index: number): City {
  const state = stateByCode(block.countryCode, block.stateCode);
  return {
    id: block.firstId + index,
    name: block.names[index]!,
    stateCode: block.stateCode,
    stateName: state?.name ?? '',
    countryCode: block.countryCode,
    countryName: countryByCode(block.countryCode)?.name ?? '',
  };
}

export function citiesOf(countryCode: string, stateCode: string): City[] {
  const cc = countryCode.trim().toUpperCase();
  const ss = stateCode.trim().toUpperCase();
  const block = allBlocks().find((b) => b.countryCode === cc && b.stateCode === ss);
  return block ? block.names.map((_, i) => toCity(block, i)) : [];
}

export function cityById(id: number): City | undefined {
  if (!Number.isInteger(id) || id < 0) return undefined;
  // Blocks are in id order: binary search for the last block starting at or before id.
  const list = allBlocks();
  let lo = 0;
  let hi = list.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (list[mid]!.firstId <= id) lo = mid;
    else hi = mid - 1;
  }
  const block = list[lo];
  if (!block || id - block.firstId >= block.names.length) return undefined;
  return toCity(block, id - block.firstId);
}

/** Lower-cased and accent-free ("São" → "sao"); the NFD pass only for the few non-ASCII names. */
const fold = (s: string): string =>
  // eslint-disable-next-line no-control-regex
  (/[^\x00-\x7f]/.test(s) ? s.normalize('NFD').replace(/[\u0300-\u036f]/g, '') : s).toLowerCase();

interface IndexEntry {
  key: string;
  id: number;
  home: boolean;
}
let index: IndexEntry[] | undefined;
/** All cities sorted by folded name, built on the first search (~150k entries, ~0.2 s once per container). */
function nameIndex(): IndexEntry[] {
  if (index) return index;
  index = allBlocks().flatMap((b) =>
    b.names.map((n, i) => ({ key: fold(n), id: b.firstId + i, home: b.countryCode === HOME_COUNTRY })),
  );
  index.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id - b.id));
  return index;
}

/**
 * Cities whose name starts with `text` (accent- and case-insensitive), exact names first, home
 * country next, then by name. Binary search over the sorted index: no full pass per request, and
 * only the cities returned are materialised.
 */
export function searchCities(text: string, limit = 20): City[] {
  const q = fold(text.trim());
  if (!q || limit <= 0) return [];
  const list = nameIndex();
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.key < q) lo = mid + 1;
    else hi = mid;
  }
  const matches: IndexEntry[] = [];
  for (let i = lo; i < list.length && list[i]!.key.startsWith(q); i++) matches.push(list[i]!);
  // The index order is already (name, id); a stable sort only lifts exact names, then the home country.
  matches.sort((a, b) => Number(b.key === q) - Number(a.key === q) || Number(b.home) - Number(a.home));
  return matches.slice(0, limit).map((m) => cityById(m.id)!);
}
