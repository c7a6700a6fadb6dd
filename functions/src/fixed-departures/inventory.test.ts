import { describe, expect, it } from 'vitest';
import { FD_TEXT, ZSaveFixedDeparture } from '@tp/contracts/endpoints/fixed-departures';
import { FD_MSG } from '@tp/domain/fixed-departures';
import { AppError } from '#lib/errors';
import type { SignedInScope } from '#lib/answers';
import { asSiteId } from '#lib/keys';
import { createLogger } from '#lib/logger';
import { saveDeparture } from './inventory.ts';
import type { DepartureRecord } from './repo.ts';

const SITE = asSiteId('site-a');
const scope = {
  site: { siteId: SITE, ownerLegalEntityId: 'le-owner', timeZone: 'Asia/Kolkata' },
  principal: { userId: 'staff-1' },
  now: new Date('2026-11-23T06:00:00Z'),
  log: createLogger({}),
} as unknown as SignedInScope;

const input = (over: Record<string, unknown> = {}) =>
  ZSaveFixedDeparture.parse({
    pnr: 'grp123',
    flights: [
      {
        airlineCode: '6E',
        flightNumber: '1543',
        origin: 'GOI',
        destination: 'DXB',
        departureTime: '2027-01-10T02:10',
        arrivalTime: '2027-01-10T04:05',
      },
    ],
    totalSeats: 10,
    fares: {
      adult: { baseFare: 10_000, tax: 2_000 },
      child: { baseFare: 9_000, tax: 2_000 },
      infant: { baseFare: 1_500, tax: 500 },
    },
    saleFrom: '2026-11-20',
    saleUntil: '2027-01-07',
    ...over,
  });

/** A store of one item with the repo's conditions; `between` runs before each conditional write (a booking). */
function store(between: (d: DepartureRecord) => DepartureRecord = (d) => d) {
  let item: DepartureRecord | null = null;
  const writes: DepartureRecord[] = [];
  return {
    writes,
    get: () => item,
    deps: {
      getDeparture: async () => item && { ...item },
      putDeparture: async (d: DepartureRecord, expect: { version: number; seatsLeft: number } | null) => {
        if (item) item = between(item);
        const ok = expect ? !!item && item.version === expect.version && item.seatsLeft === expect.seatsLeft : !item;
        if (ok) {
          item = d;
          writes.push(d);
        }
        return ok;
      },
    },
  };
}

const refusal = async (p: Promise<unknown>) => {
  const err = await p.catch((e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
};

describe('saveDeparture', () => {
  it('creates a departure with every seat left, names, and the flying time across zones', async () => {
    const s = store();
    const d = await saveDeparture(scope, input(), s.deps);
    expect(d).toMatchObject({ pnr: 'GRP123', totalSeats: 10, seatsLeft: 10, version: 1, onSale: true });
    // 02:10 in Goa (UTC+5:30) to 04:05 in Dubai (UTC+4).
    expect(d.flights[0]).toMatchObject({ originCity: 'Goa', destinationCity: 'Dubai', durationMinutes: 205 });
  });

  it('refuses unknown codes and an arrival before departure in real time, per field', async () => {
    const s = store();
    const unknown = await refusal(
      saveDeparture(
        scope,
        input({ flights: [{ ...input().flights[0], destination: 'QQQ', airlineCode: 'Q9' }] }),
        s.deps,
      ),
    );
    expect(unknown.fields).toMatchObject({ 'flights.0.destination': FD_TEXT.unknownAirport });
    // DXB 01:00 → DEL 04:00 local is 2 h 30 min; DEL 10:00 → DXB 10:30 local is fine; DXB 10:00 → DEL 11:00 local is not.
    const early = await refusal(
      saveDeparture(
        scope,
        input({
          flights: [
            {
              ...input().flights[0],
              origin: 'DXB',
              destination: 'DEL',
              departureTime: '2027-01-10T10:00',
              arrivalTime: '2027-01-10T11:00',
            },
          ],
        }),
        s.deps,
      ),
    );
    expect(early.fields).toEqual({ 'flights.0.arrivalTime': FD_MSG.arrivalBeforeDeparture });
    expect(s.writes).toHaveLength(0);
  });

  it('edits over the version read; a booking in between is kept (seats recomputed), never undone', async () => {
    let booked = false;
    const s = store((d) => {
      if (booked) return d;
      booked = true;
      return { ...d, seatsLeft: d.seatsLeft - 2 };
    });
    const created = await saveDeparture(scope, input(), s.deps);
    booked = false;
    const edited = await saveDeparture(scope, input({ id: created.id, version: 1, totalSeats: 12 }), s.deps);
    expect(edited).toMatchObject({ version: 2, totalSeats: 12, seatsLeft: 10 });
    expect(s.get()?.seatsLeft).toBe(10);
  });

  it('refuses a stale version and fewer seats than sold', async () => {
    const s = store();
    const created = await saveDeparture(scope, input(), s.deps);
    s.deps.getDeparture = async () => ({ ...s.get()!, seatsLeft: 6 });
    const stale = await refusal(saveDeparture(scope, input({ id: created.id, version: 7 }), s.deps));
    expect(stale.message).toBe(FD_TEXT.changedMeanwhile);
    const below = await refusal(saveDeparture(scope, input({ id: created.id, version: 1, totalSeats: 3 }), s.deps));
    expect(below.fields).toEqual({ totalSeats: FD_MSG.seatsBelowSold(4) });
  });
});
