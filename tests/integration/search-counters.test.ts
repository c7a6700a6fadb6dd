/**
 * The look-to-book counters under a burst (issue #35 §5): concurrent searches each move the searcher's month
 * `look_count` and the site's month `searches` by one, with none lost (both are one atomic ADD each, never a
 * read-modify-write). The bench's search storm (scripts/bench-storm.ts) checks the same at 200 connections.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { search } from '@tp/contracts/endpoints/flights';
import { asSiteId } from '../../functions/src/lib/keys.ts';
import { countSiteMonth, siteMonthCounts } from '../../functions/src/lib/site-stats.ts';
import { newId } from '../../functions/src/lib/crypto.ts';
import { monthKey } from '../../functions/src/users/flight-activity.ts';
import { flightActivity } from '../../functions/src/users/customers-repo.ts';
import { FLIGHTDEALS } from './customers-helpers.ts';
import { inDays, newCustomer } from './flights-helpers.ts';
import { useStackTable } from './users-helpers.ts';

/** Twenty at once, on routes quieter than DEL→BOM: the race is the counters', and each search costs the suite CPU. */
const N = 20;
const ROUTES = [
  ['BOM', 'BLR'],
  ['MAA', 'DEL'],
  ['CCU', 'HYD'],
] as const;

beforeAll(() => useStackTable());

describe('look-to-book counters under concurrent searches', () => {
  it(`moves the searcher's look count by exactly the ${N} searches answered at once`, async () => {
    const c = await newCustomer(FLIGHTDEALS, 'travelAgent');
    const month = monthKey(new Date());
    const looks = async () =>
      (await flightActivity(FLIGHTDEALS.siteId, c.userId, month, month)).get(month)?.look_count ?? 0;
    expect(await looks()).toBe(0);
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) => {
        const [origin, destination] = ROUTES[i % ROUTES.length]!;
        return c.client.call(search, {
          JourneyType: 1,
          segments: [{ origin, destination, preferredDepartureTime: `${inDays(10 + (i % 20))}T00:00:00` }],
          adultCount: 1,
          childCount: 0,
          infantCount: 0,
        });
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: N }, () => 200));
    expect(new Set(answers.map((a) => (a.body.result as { searchId: string }).searchId)).size).toBe(N);
    expect(await looks()).toBe(N);
  }, 180_000); // 20 searches of hundreds of options each on a shared machine: a bound, not a timing

  it(`adds ${N} concurrent counts to a site's month searches without losing one`, async () => {
    // A site of its own: the demo sites' counters are moved by every other test's searches.
    const siteId = asSiteId(`site-counted-${newId()}`);
    const at = new Date();
    await Promise.all(Array.from({ length: N }, () => countSiteMonth(siteId, at, { searches: 1 })));
    await Promise.all(Array.from({ length: N / 2 }, () => countSiteMonth(siteId, at, { searches: 1, bookings: 1 })));
    const counts = (await siteMonthCounts([siteId], monthKey(at))).get(siteId);
    expect(counts).toEqual({ searches: N + N / 2, bookings: N / 2, revenue: 0 });
  });
});
