/**
 * Tour package operations (docs/packages.md): what travellers see (their site's active packages, then the supply of
 * the site's TourPackages suppliers) and how staff keep their own site's packages.
 */
import * as api from '@tp/contracts/endpoints/packages';
import { PACKAGE_MSG, type TPackage, type TPackageCard, type TPackageRow } from '@tp/contracts/endpoints/packages';
import { DURATION_BANDS, packageErrors, packageSlug } from '@tp/domain/packages';
import type { ParsedRequestOf } from '@tp/contracts/endpoint';
import { auditActor, auditPut, recordChange } from '#lib/audit';
import { newId } from '#lib/crypto';
import type { Principal } from '#lib/principal';
import { fail } from '#lib/errors';
import type { SiteId } from '#lib/keys';
import type { Logger } from '#lib/logger';
import { deleteImage } from '#lib/media';
import { siteById, type SiteRecord } from '#lib/tenancy';
import { activeSupplierLinks } from '../suppliers/index.ts';
import type { PackageRecord } from './model.ts';
import * as repo from './repo.ts';
import { answers, reply } from '#lib/answers';

export interface PackageScope {
  site: Pick<SiteRecord, 'siteId'>;
  now: Date;
  log: Pick<Logger, 'warn'>;
  /** Who acts (staff), for the audit entry; the seed has none. */
  principal?: Principal;
}

/** A package's change as the audit log keeps it (the record without its long texts), when a person made it. */
function packageAudit(scope: PackageScope, before: PackageRecord | null, after: PackageRecord | null) {
  if (!scope.principal) return undefined;
  const brief = (p: PackageRecord | null) => {
    if (!p) return null;
    const { overview: _o, itinerary, inclusions: _i, exclusions: _e, images, ...rest } = p;
    return { ...rest, itineraryDays: itinerary.length, images: images.length };
  };
  const id = (after ?? before)!.id;
  return auditPut(
    siteOf(scope),
    recordChange('package', id, brief(before), brief(after)),
    auditActor(scope.principal),
    scope.now,
  );
}

/** What the operations read through: the store, the site's TourPackages suppliers, a supplier's name (fakes in tests). */
export interface PackageDeps {
  repo: Pick<typeof repo, 'listPackages' | 'getPackage' | 'destinationsOf' | 'putPackage' | 'deletePackage'>;
  suppliersOf: (siteId: SiteId) => Promise<SiteId[]>;
  companyName: (siteId: SiteId) => Promise<string | null>;
}
export const defaultDeps: PackageDeps = {
  repo,
  suppliersOf: async (siteId) =>
    (await activeSupplierLinks(siteId, 'TourPackages')).map((l) => l.supplierSiteId).filter((s) => s !== siteId),
  companyName: async (siteId) => (await siteById(siteId))?.companyName ?? null,
};

const siteOf = (scope: Pick<PackageScope, 'site'>): SiteId => scope.site.siteId;
const notFound = () => fail.notFound(PACKAGE_MSG.notFound);
const changed = () => fail.conflict(PACKAGE_MSG.changedMeanwhile);

// ---------------------------------------------------------------------------------------------------
// Travellers and agents

/** Where a site's travellers' packages come from: its own, then each approved TourPackages supplier's supply. */
export async function sourcesOf(siteId: SiteId, deps: PackageDeps = defaultDeps): Promise<repo.PackageSource[]> {
  const suppliers = await deps.suppliersOf(siteId);
  return [{ kind: 'own', siteId }, ...suppliers.map((s) => ({ kind: 'supply' as const, siteId: s }))];
}

async function supplierName(source: repo.PackageSource, deps: PackageDeps): Promise<string | null> {
  if (source.kind === 'own') return null;
  return (await deps.companyName(source.siteId)) ?? 'Partner supplier';
}

export const toCard = (p: PackageRecord, supplier: string | null): TPackageCard => ({
  id: p.id,
  slug: p.slug,
  title: p.title,
  destination: p.destination,
  days: p.days,
  nights: p.nights,
  price: p.price,
  currency: p.currency,
  priceBasis: p.priceBasis,
  image: p.images[0] ?? null,
  supplierName: supplier,
});

/**
 * A list cursor names its source (`own` or the supplier site) and that source's own page cursor, so a page may
 * end inside one source and the next page carries on there; a cursor of a source the site no longer reads is refused.
 */
interface ListCursor {
  src: string;
  c: string | null;
}
const invalidCursor = () => fail.validation('Invalid page cursor', { cursor: 'Invalid page cursor' });
const srcName = (s: repo.PackageSource): string => (s.kind === 'own' ? 'own' : s.siteId);
const encode = (c: ListCursor): string => Buffer.from(JSON.stringify(c), 'utf8').toString('base64url');
function decode(cursor: string, sources: repo.PackageSource[]): { at: number; c: string | null } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const { src, c } = (parsed ?? {}) as Partial<ListCursor>;
  const at = sources.findIndex((s) => srcName(s) === src);
  if (at < 0 || (c !== null && typeof c !== 'string')) throw invalidCursor();
  return { at, c: c ?? null };
}

export async function listPackages(
  scope: PackageScope,
  input: ParsedRequestOf<typeof api.listPackages>,
  deps: PackageDeps = defaultDeps,
): Promise<{ records: TPackageCard[]; nextCursor: string | null }> {
  const sources = await sourcesOf(siteOf(scope), deps);
  const band = input.duration ? DURATION_BANDS[input.duration] : undefined;
  const filter: repo.PackageFilter = {
    text: input.destination?.toLowerCase(),
    minDays: band?.min,
    maxDays: band?.max,
    minPrice: input.minPrice,
    maxPrice: input.maxPrice,
    activeOnly: true,
  };
  let { at, c } = input.cursor ? decode(input.cursor, sources) : { at: 0, c: null as string | null };
  const records: TPackageCard[] = [];
  while (at < sources.length && records.length < input.limit) {
    const source = sources[at]!;
    const page = await deps.repo.listPackages(source, filter, {
      cursor: c ?? undefined,
      limit: input.limit - records.length,
    });
    const name = await supplierName(source, deps);
    records.push(...page.records.map((p) => toCard(p, name)));
    if (page.nextCursor) {
      // The page filled (or read ahead its limit) inside this source: carry on here next time.
      return { records, nextCursor: encode({ src: srcName(source), c: page.nextCursor }) };
    }
    at += 1;
    c = null;
  }
  return { records, nextCursor: at < sources.length ? encode({ src: srcName(sources[at]!), c: null }) : null };
}

const view = (p: PackageRecord, supplier: string | null): TPackage => ({ ...p, supplierName: supplier });

/** An active package of the site, or of a supplier's supply; 404 otherwise (another site's packages do not exist here). */
export async function getPackage(scope: PackageScope, id: string, deps: PackageDeps = defaultDeps): Promise<TPackage> {
  const own = await deps.repo.getPackage(siteOf(scope), id);
  if (own) {
    if (!own.isActive) throw notFound();
    return view(own, null);
  }
  for (const source of (await sourcesOf(siteOf(scope), deps)).slice(1)) {
    const p = await deps.repo.getPackage(source.siteId, id);
    if (p?.isActive && p.forSupply) return view(p, await supplierName(source, deps));
  }
  throw notFound();
}

export async function destinations(scope: PackageScope, deps: PackageDeps = defaultDeps): Promise<string[]> {
  const sources = await sourcesOf(siteOf(scope), deps);
  const all = (await Promise.all(sources.map((s) => deps.repo.destinationsOf(s)))).flat();
  const byKey = new Map<string, string>();
  for (const d of all) if (!byKey.has(d.toLowerCase())) byKey.set(d.toLowerCase(), d);
  return [...byKey.values()].sort((a, b) => a.localeCompare(b));
}

// ---------------------------------------------------------------------------------------------------
// Staff

export const toRow = (p: PackageRecord): TPackageRow => ({
  id: p.id,
  version: p.version,
  slug: p.slug,
  title: p.title,
  destination: p.destination,
  days: p.days,
  nights: p.nights,
  price: p.price,
  currency: p.currency,
  isActive: p.isActive,
  forSupply: p.forSupply,
  imageCount: p.images.length,
  updatedAt: p.updatedAt,
});

export async function staffList(
  scope: PackageScope,
  input: ParsedRequestOf<typeof api.staffListPackages>,
): Promise<{ records: TPackageRow[]; nextCursor: string | null }> {
  const page = await repo.listPackages(
    { kind: 'own', siteId: siteOf(scope) },
    { text: input.search?.toLowerCase() },
    { cursor: input.cursor, limit: input.limit },
  );
  return { records: page.records.map(toRow), nextCursor: page.nextCursor };
}

/** A package of the site, hidden or not; 404 when it is not the site's. */
export async function ownPackage(
  scope: Pick<PackageScope, 'site'>,
  id: string,
  deps: Pick<PackageDeps, 'repo'> = defaultDeps,
): Promise<PackageRecord> {
  const p = await deps.repo.getPackage(siteOf(scope), id);
  if (!p) throw notFound();
  return p;
}

export async function staffGet(scope: PackageScope, id: string): Promise<TPackage> {
  return view(await ownPackage(scope, id), null);
}

/** The version an edit must name: absent is a 400, an older one a 409 (someone saved meanwhile). */
function checkVersion(stored: PackageRecord, version: number | null | undefined): void {
  if (version === null || version === undefined) throw fail.validation(PACKAGE_MSG.versionRequired);
  if (version !== stored.version) throw changed();
}

export async function savePackage(
  scope: PackageScope,
  input: ParsedRequestOf<typeof api.savePackage>,
  /** The id of a new package (seeds name theirs). */
  makeId: () => string = newId,
  deps: Pick<PackageDeps, 'repo'> = defaultDeps,
): Promise<TPackage> {
  const errors = packageErrors(input);
  const first = Object.values(errors)[0];
  if (first) throw fail.validation(first, errors);
  const existing = input.id ? await ownPackage(scope, input.id, deps) : null;
  if (existing) checkVersion(existing, input.version);
  const at = scope.now.toISOString();
  const record: PackageRecord = {
    id: existing?.id ?? makeId(),
    version: (existing?.version ?? 0) + 1,
    slug: packageSlug(input.title),
    title: input.title,
    destination: input.destination,
    days: input.days,
    nights: input.nights,
    price: input.price,
    currency: input.currency,
    priceBasis: input.priceBasis,
    overview: input.overview,
    itinerary: input.itinerary.map((d, i) => ({ day: i + 1, title: d.title, description: d.description })),
    inclusions: input.inclusions,
    exclusions: input.exclusions,
    images: existing?.images ?? [],
    isActive: input.isActive,
    forSupply: input.forSupply,
    createdAt: existing?.createdAt ?? at,
    updatedAt: at,
  };
  const audit = packageAudit(scope, existing, record);
  if (!(await deps.repo.putPackage(siteOf(scope), record, existing ? existing.version : null, audit))) throw changed();
  return view(record, null);
}

export async function deletePackage(
  scope: PackageScope,
  input: ParsedRequestOf<typeof api.deletePackage>,
): Promise<{ id: string }> {
  const existing = await ownPackage(scope, input.id);
  if (input.version !== null && input.version !== undefined && input.version !== existing.version) throw changed();
  const audit = packageAudit(scope, existing, null);
  if (!(await repo.deletePackage(siteOf(scope), existing.id, existing.version, audit))) throw changed();
  // The package is gone first, so no page shows a picture that no longer exists; a failed delete leaves a file only.
  for (const image of existing.images) {
    await deleteImage(siteOf(scope), image.key).catch((err: unknown) =>
      scope.log.warn('package image not deleted', { key: image.key, err: String(err) }),
    );
  }
  return { id: existing.id };
}

// The packages Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerListPackages = answers(api.listPackages, (input, scope) => listPackages(scope, input));
export const answerGetPackage = answers(api.getPackage, (input, scope) => getPackage(scope, input.id));
export const answerDestinations = answers(api.destinations, (_input, scope) => destinations(scope));
export const answerStaffListPackages = answers(api.staffListPackages, (input, scope) => staffList(scope, input));
export const answerStaffGetPackage = answers(api.staffGetPackage, (input, scope) => staffGet(scope, input.id));
export const answerSavePackage = answers(api.savePackage, async (input, scope) =>
  reply(await savePackage(scope, input), { message: PACKAGE_MSG.saved }),
);
export const answerDeletePackage = answers(api.deletePackage, async (input, scope) =>
  reply(await deletePackage(scope, input), { message: PACKAGE_MSG.deleted }),
);
