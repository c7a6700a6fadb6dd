/**
 * The package operations with a fake store: the traveller list reads its own site, then each supplier's supply, with
 * a cursor that carries on inside a source or moves to the next; a supplier's package shows only while supplied;
 * the editor's rules and versions refuse before anything is written.
 */
import { describe, expect, it, vi } from 'vitest';
import { PACKAGE_MSG } from '@tp/contracts/endpoints/packages';
import { asSiteId, type SiteId } from '#lib/keys';
import type { PackageRecord } from './model.ts';
import { getPackage, listPackages, savePackage, type PackageDeps } from './packages.ts';
import type { PackageSource } from './repo.ts';

const OWN = asSiteId('site-own');
const SUP = asSiteId('site-sup');
const scope = { site: { siteId: OWN }, now: new Date('2026-11-23T10:00:00.000Z'), log: { warn: vi.fn() } };

const rec = (id: string, over: Partial<PackageRecord> = {}): PackageRecord => ({
  id,
  version: 1,
  slug: id,
  title: id,
  destination: 'Dubai',
  days: 3,
  nights: 2,
  price: 100,
  currency: 'INR',
  priceBasis: 'per person',
  overview: '',
  itinerary: [],
  inclusions: [],
  exclusions: [],
  images: [],
  isActive: true,
  forSupply: false,
  createdAt: 'x',
  updatedAt: 'x',
  ...over,
});

/** A store of two sources whose pages are cut at `limit` with a numeric cursor. */
function fake(own: PackageRecord[], supplied: PackageRecord[], suppliers: SiteId[] = [SUP]) {
  const bySource = (s: PackageSource) => (s.siteId === OWN ? own : supplied);
  const repo: PackageDeps['repo'] = {
    listPackages: vi.fn(async (s: PackageSource, _f, o: { cursor?: string | undefined; limit: number }) => {
      const from = Number(o.cursor ?? 0);
      const all = bySource(s);
      const records = all.slice(from, from + o.limit);
      return { records, nextCursor: from + o.limit < all.length ? String(from + o.limit) : null };
    }),
    getPackage: vi.fn(
      async (site: SiteId, id: string) => bySource({ kind: 'own', siteId: site }).find((p) => p.id === id) ?? null,
    ),
    destinationsOf: vi.fn(async () => []),
    putPackage: vi.fn(async () => true),
    deletePackage: vi.fn(async () => true),
  };
  const deps: PackageDeps = { repo, suppliersOf: async () => suppliers, companyName: async () => 'Supplier Co' };
  return { deps, repo };
}

const list = (deps: PackageDeps, cursor?: string, limit = 2) =>
  listPackages(scope, { limit, ...(cursor ? { cursor } : {}) } as Parameters<typeof listPackages>[1], deps);

describe('the traveller list', () => {
  it('pages through the own site, then the supplier, each package once, supplier named', async () => {
    const { deps } = fake(
      [rec('a'), rec('b'), rec('c')],
      [rec('s1', { forSupply: true }), rec('s2', { forSupply: true })],
    );
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await list(deps, cursor);
      seen.push(...page.records.map((r) => `${r.id}:${r.supplierName ?? '-'}`));
      cursor = page.nextCursor ?? undefined;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual(['a:-', 'b:-', 'c:-', 's1:Supplier Co', 's2:Supplier Co']);
  });

  it('reads only its own site without a TourPackages supplier', async () => {
    const { deps, repo } = fake([rec('a')], [rec('s1', { forSupply: true })], []);
    expect((await list(deps)).records.map((r) => r.id)).toEqual(['a']);
    expect(repo.listPackages).toHaveBeenCalledTimes(1);
  });

  it('refuses a cursor of a source the site does not read, or one that is no cursor', async () => {
    const { deps } = fake([rec('a')], []);
    const foreign = Buffer.from(JSON.stringify({ src: 'site-other', c: null })).toString('base64url');
    await expect(list(deps, foreign)).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(list(deps, 'bm90LWpzb24')).rejects.toMatchObject({ code: 'VALIDATION' });
  });
});

describe('one package', () => {
  it("shows a supplier's package only while it is active and for supply", async () => {
    const { deps } = fake(
      [],
      [rec('s1', { forSupply: true }), rec('s2'), rec('s3', { forSupply: true, isActive: false })],
    );
    expect(await getPackage(scope, 's1', deps)).toMatchObject({ id: 's1', supplierName: 'Supplier Co' });
    await expect(getPackage(scope, 's2', deps)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(getPackage(scope, 's3', deps)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('hides an own package that is not active', async () => {
    const { deps } = fake([rec('a', { isActive: false })], []);
    await expect(getPackage(scope, 'a', deps)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: PACKAGE_MSG.notFound,
    });
  });
});

describe('saving', () => {
  const input = (over: Record<string, unknown> = {}) =>
    ({
      title: 'Goa Getaway',
      destination: 'Goa',
      days: 2,
      nights: 1,
      price: 999,
      currency: 'INR',
      priceBasis: 'per person',
      overview: '',
      itinerary: [
        { title: 'Arrive', description: '' },
        { title: 'Leave', description: '' },
      ],
      inclusions: [],
      exclusions: [],
      isActive: true,
      forSupply: false,
      ...over,
    }) as Parameters<typeof savePackage>[1];

  it('numbers the days, slugs the title and writes a new package once', async () => {
    const { deps, repo } = fake([], []);
    const saved = await savePackage(scope, input(), () => 'p1', deps);
    expect(saved).toMatchObject({ id: 'p1', version: 1, slug: 'goa-getaway', supplierName: null });
    expect(saved.itinerary.map((d) => d.day)).toEqual([1, 2]);
    // No principal in this scope (as the seed's): no audit entry.
    expect(repo.putPackage).toHaveBeenCalledWith(OWN, expect.objectContaining({ id: 'p1' }), null, undefined);
  });

  it('refuses a broken rule, a missing or stale version, and writes nothing', async () => {
    const { deps, repo } = fake([rec('p1', { version: 4 })], []);
    await expect(savePackage(scope, input({ nights: 5 }), undefined, deps)).rejects.toMatchObject({
      fields: { nights: PACKAGE_MSG.nightsRange },
    });
    await expect(savePackage(scope, input({ id: 'p1' }), undefined, deps)).rejects.toMatchObject({
      message: PACKAGE_MSG.versionRequired,
    });
    await expect(savePackage(scope, input({ id: 'p1', version: 3 }), undefined, deps)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(repo.putPackage).not.toHaveBeenCalled();
  });
});
