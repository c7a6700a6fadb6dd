/**
 * In-process compute figures that used to be timing assertions in unit tests (tests
 * assert behaviour, the bench prints speed). Run by `npm run bench`, or alone with
 * `npx tsx scripts/bench-compute.ts`. The results screen's filter and sort figures are in
 * scripts/bench-results.ts ("filter+sort", Node).
 */
import { pathToFileURL } from 'node:url';
import type { TSearchRequest } from '@tp/contracts/endpoints/flights';
import { DEFAULT_MAX_OPTIONS, generate, resultIndexOf, toOption } from '../functions/src/supply/simulator/generate.ts';
import { pct } from './bench-coldstart.ts';

/** Simulator search of the busiest domestic route: ≤ 150 ms for its ~1,500 options (docs/flight-supply-simulator.md). */
export const SIMULATOR_TARGET_MS = 150;

export function simulatorBench(runs = 15): { options: number; p50: number; p95: number } {
  const now = new Date();
  const day = (n: number) => new Date(now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
  const search = (date: string): number => {
    const req: TSearchRequest = {
      JourneyType: 1,
      segments: [{ origin: 'DEL', destination: 'BOM', preferredDepartureTime: `${date}T00:00:00` }],
      adultCount: 2,
      childCount: 1,
      infantCount: 1,
      cabinClass: 1,
    };
    const g = generate({ req, issuedAt: now.getTime(), maxOptions: DEFAULT_MAX_OPTIONS });
    return g.lists.map((l, li) => l.map((o, i) => toOption(o, resultIndexOf(li, i), g.pax, now))).flat().length;
  };
  search(day(20)); // first use of the data and code paths, as the unit test's warm-up did
  const times: number[] = [];
  let options = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    options = search(day(21 + i)); // a new date each time: nothing cached between searches
    times.push(performance.now() - t0);
  }
  return { options, p50: pct(times, 50), p95: pct(times, 95) };
}

export function printCompute(): void {
  const sim = simulatorBench();
  process.stdout.write(
    `simulator search DEL→BOM: ${sim.options} options, p50 ${sim.p50.toFixed(1)} ms, p95 ${sim.p95.toFixed(1)} ms ` +
      `(target p50 ≤ ${SIMULATOR_TARGET_MS} ms${sim.p50 <= SIMULATOR_TARGET_MS ? '' : ' — over'})\n`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printCompute();
