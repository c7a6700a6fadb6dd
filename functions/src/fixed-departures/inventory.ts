/**
 * Staff keep the site's fixed departures: save (create or version-checked edit) and list them, and read
 * the sales (name list) of one. docs/fixed-departures.md "Inventory".
 */
import { TZDate } from '@date-fns/tz';
import * as api from '@tp/contracts/endpoints/fixed-departures';
import { FD_LIMITS, FD_TEXT, type TFdFlight, type TStaffDeparture } from '@tp/contracts/endpoints/fixed-departures';
import type { ParsedRequestOf } from '@tp/contracts/endpoint';
import { FD_MSG, inventoryProblems, isOnSale } from '@tp/domain/fixed-departures';
import { airlineByCode } from '@tp/reference-data/airlines';
import { airportByCode } from '@tp/reference-data/airports';
import { auditActor, auditPut, recordChange } from '#lib/audit';
import { newId } from '#lib/crypto';
import { fail } from '#lib/errors';
import { reply, answers, type SignedInScope } from '#lib/answers';
import { siteToday } from '#lib/time';
import * as repo from './repo.ts';
import type { DepartureRecord } from './repo.ts';

type In<E> = ParsedRequestOf<E>;

/** Airport-local `YYYY-MM-DDTHH:mm` in `zone` as an instant (ms). */
function instant(local: string, zone: string): number {
  const [d = '', t = ''] = local.split('T');
  const [y, m, day] = d.split('-').map(Number);
  const [h, min] = t.split(':').map(Number);
  return new TZDate(y!, m! - 1, day!, h!, min!, zone).getTime();
}

/** Names, cities and the flying time (across time zones) of each flight; unknown codes are a 400 per field. */
function describeFlights(flights: In<typeof api.saveFixedDeparture>['flights']): TFdFlight[] {
  const problems: Record<string, string> = {};
  const out = flights.map((f, i) => {
    const airline = airlineByCode(f.airlineCode);
    const from = airportByCode(f.origin);
    const to = airportByCode(f.destination);
    if (!airline) problems[`flights.${i}.airlineCode`] = FD_TEXT.unknownAirline;
    if (!from) problems[`flights.${i}.origin`] = FD_TEXT.unknownAirport;
    if (!to) problems[`flights.${i}.destination`] = FD_TEXT.unknownAirport;
    const minutes =
      from && to
        ? Math.round((instant(f.arrivalTime, to.timeZone) - instant(f.departureTime, from.timeZone)) / 60_000)
        : 0;
    if (from && to && minutes <= 0) problems[`flights.${i}.arrivalTime`] = FD_MSG.arrivalBeforeDeparture;
    return {
      airlineCode: f.airlineCode,
      airlineName: airline?.name ?? f.airlineCode,
      flightNumber: f.flightNumber,
      origin: f.origin,
      originName: from?.name ?? f.origin,
      originCity: from?.cityName ?? f.origin,
      destination: f.destination,
      destinationName: to?.name ?? f.destination,
      destinationCity: to?.cityName ?? f.destination,
      departureTime: f.departureTime,
      arrivalTime: f.arrivalTime,
      durationMinutes: minutes,
      originTerminal: f.originTerminal,
      destinationTerminal: f.destinationTerminal,
      baggage: f.baggage,
      cabinBaggage: f.cabinBaggage,
    };
  });
  const first = Object.entries(problems)[0];
  if (first) throw fail.validation(first[1], problems);
  return out;
}

export function staffView(d: DepartureRecord, day: string): TStaffDeparture {
  const { siteId: _s, updatedBy: _u, ...rest } = d;
  return { ...rest, onSale: isOnSale(d, day) };
}

type SaveInput = In<typeof api.saveFixedDeparture>;

/** A new departure from a checked input (every seat left); `id` is ours unless given (the demo seed's). */
export function newDeparture(
  scope: Pick<SignedInScope, 'site' | 'now' | 'principal'>,
  input: SaveInput,
  id = newId(),
): DepartureRecord {
  return {
    siteId: scope.site.siteId,
    id,
    version: 1,
    seatsLeft: input.totalSeats,
    createdAt: scope.now.toISOString(),
    ...fieldsOf(scope, input),
  };
}

function fieldsOf(scope: Pick<SignedInScope, 'now' | 'principal'>, input: SaveInput) {
  return {
    title: input.title,
    pnr: input.pnr.toUpperCase(),
    flights: describeFlights(input.flights),
    totalSeats: input.totalSeats,
    fares: input.fares,
    currency: input.currency,
    saleFrom: input.saleFrom,
    saleUntil: input.saleUntil,
    isRefundable: input.isRefundable,
    isActive: input.isActive,
    updatedAt: scope.now.toISOString(),
    updatedBy: scope.principal.userId,
  };
}

/** A departure's change, for the audit log in the save's own transaction. */
const departureAudit = (scope: SignedInScope, before: DepartureRecord | null, after: DepartureRecord) =>
  auditPut(
    after.siteId,
    recordChange('fixedDeparture', after.id, before, after),
    auditActor(scope.principal),
    scope.now,
  );

/** Creates or edits a departure. Seats left follow total seats; an edit never drops below seats sold. */
export async function saveDeparture(
  scope: SignedInScope,
  input: SaveInput,
  deps: Pick<typeof repo, 'getDeparture' | 'putDeparture'> = repo,
): Promise<TStaffDeparture> {
  const day = siteToday(scope.site, scope.now);
  if (!input.id) {
    const d = newDeparture(scope, input);
    await deps.putDeparture(d, null, departureAudit(scope, null, d));
    return staffView(d, day);
  }
  const fields = fieldsOf(scope, input);
  // A booking between our read and write moves seats left: read again and recompute (bounded).
  for (let attempt = 0; attempt < 5; attempt++) {
    const cur = await deps.getDeparture(scope.site.siteId, input.id);
    if (!cur) throw fail.notFound(FD_TEXT.notFound);
    if (input.version !== undefined && cur.version !== input.version) throw fail.conflict(FD_TEXT.changedMeanwhile);
    const sold = cur.totalSeats - cur.seatsLeft;
    const problems = inventoryProblems(input, sold);
    if (problems.totalSeats) throw fail.validation(problems.totalSeats, { totalSeats: problems.totalSeats });
    const next: DepartureRecord = { ...cur, ...fields, version: cur.version + 1, seatsLeft: input.totalSeats - sold };
    const audit = departureAudit(scope, cur, next);
    if (await deps.putDeparture(next, { version: cur.version, seatsLeft: cur.seatsLeft }, audit))
      return staffView(next, day);
  }
  throw fail.conflict(FD_TEXT.changedMeanwhile);
}

export async function listDepartures(scope: SignedInScope, input: In<typeof api.listFixedDepartures>) {
  const day = siteToday(scope.site, scope.now);
  const page = await repo.departuresPage(scope.site.siteId, day, {
    past: input.past,
    cursor: input.cursor,
    limit: FD_LIMITS.pageSize,
  });
  return { records: page.records.map((d) => staffView(d, day)), nextCursor: page.nextCursor };
}

export async function departureSales(scope: SignedInScope, input: In<typeof api.fixedDepartureSales>) {
  const d = await repo.getDeparture(scope.site.siteId, input.id);
  if (!d) throw fail.notFound(FD_TEXT.notFound);
  const page = await repo.salesPage(scope.site.siteId, input.id, input.cursor, FD_LIMITS.pageSize);
  return {
    records: page.records.map((s) => ({
      orderId: s.orderId,
      bookingId: s.bookingId,
      pnr: s.pnr,
      siteName: s.siteName,
      bookedBy: s.bookedBy,
      passengers: s.passengers,
      seats: s.seats,
      amount: s.amount,
      currency: s.currency,
      createdAt: s.createdAt,
    })),
    nextCursor: page.nextCursor,
  };
}

// The fixed-departures Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerSaveFixedDeparture = answers(api.saveFixedDeparture, async (input, scope) =>
  reply(await saveDeparture(scope, input), { message: FD_TEXT.saved }),
);
export const answerListFixedDepartures = answers(api.listFixedDepartures, (input, scope) =>
  listDepartures(scope, input),
);
export const answerFixedDepartureSales = answers(api.fixedDepartureSales, (input, scope) =>
  departureSales(scope, input),
);
