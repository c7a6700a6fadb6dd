/**
 * A quotation's hotel lines priced from the hotels' contracts, and the allotment rooms a vouchered quotation holds
 * (docs/dmc.md "Hotel contracts"). The kart Lambda calls these through the dmc index: pricing before its rules run,
 * the allotment writes inside its own transaction, so the kart and its rooms commit together or not at all.
 */
import {
  HOTEL_TEXT,
  allotmentTakes,
  priceHotelStay,
  stayNights,
  workingText,
  type AllotmentTake,
  type ContractStay,
  type HotelContract,
} from '@tp/domain/dmc';
import { formatMoney } from '@tp/domain/format';
import type { TransactItem } from '#lib/db';
import { fail } from '#lib/errors';
import { siteOf, type DmcScope } from './changes.ts';
import {
  deleteHold,
  getContract,
  getHolds,
  giveBackRooms,
  putHold,
  takeRooms,
  takenRooms,
  type AllotmentHold,
} from './hotel-contracts-repo.ts';
import { marketOrDefault } from './markets.ts';

/** What a hotel line holds for pricing and vouchering (a kart draft's line, numbers as parsed). */
export interface StayLine {
  id: string;
  accomodationId: string;
  checkinDate: string | null;
  noOfNights: number;
  numberOfRooms: number;
  transferPrice: number;
  bookedByCustomer: boolean;
  contractStay?: ContractStay | null;
  cost?: number | null;
  working?: string | null;
}

/** Allotment writes one save may carry: each is an item of the kart's one transaction (at most 100 in all). */
export const MAX_ALLOTMENT_WRITES = 40;

const isDay = (s: unknown): s is string => typeof s === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(s);
const today = (scope: DmcScope) => scope.now.toISOString().slice(0, 10);

/**
 * Prices each contract-priced hotel line night by night for the quotation's market (check-in: the line's, else the
 * arrival date); writes its rooms price and cost, the working and the line's cost. Answers the lines it refused,
 * `accomodations.N.contractStay` → why (a stop-sale, no rate on a night, a room the room type cannot hold).
 */
export async function priceContractStays(
  scope: DmcScope,
  lines: StayLine[],
  marketId: string | null,
  arrivalDate: string | null | undefined,
): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  const priced = lines.filter((l) => l.contractStay);
  if (priced.length === 0) return errors;
  const market = await marketOrDefault(scope, marketId ?? undefined);
  const contracts = new Map<string, HotelContract | null>();
  for (const [i, line] of lines.entries()) {
    const stay = line.contractStay;
    if (!stay) continue;
    const checkin = line.checkinDate ?? arrivalDate;
    if (!line.accomodationId || !isDay(checkin) || !Number.isInteger(line.noOfNights) || line.noOfNights < 1) continue;
    if (!contracts.has(line.accomodationId))
      contracts.set(line.accomodationId, (await getContract(siteOf(scope), line.accomodationId))?.contract ?? null);
    const contract = contracts.get(line.accomodationId) ?? null;
    const nights = stayNights(checkin, Math.min(line.noOfNights, 90));
    const taken = contract
      ? await takenRooms(siteOf(scope), line.accomodationId, stay.roomTypeId, nights[0]!, nights[nights.length - 1]!)
      : new Map<string, number>();
    const price = priceHotelStay(
      { contract, market, taken, today: today(scope) },
      {
        marketId: market.marketId,
        roomTypeId: stay.roomTypeId,
        mealPlan: stay.mealPlan,
        checkinDate: checkin,
        nights: line.noOfNights,
        rooms: stay.occupancy,
      },
    );
    if (!price.available) {
      errors[`accomodations.${i}.contractStay`] = price.reason.message;
      continue;
    }
    const roomTypeName = contract?.roomTypes.find((t) => t.id === stay.roomTypeId)?.name;
    line.contractStay = {
      ...stay,
      ...(roomTypeName ? { roomTypeName } : {}),
      roomsPrice: price.sell,
      roomsCost: price.cost,
      onRequest: price.onRequest,
    };
    line.numberOfRooms = stay.occupancy.length;
    // The rooms' cost only: the transfer's cost is its own (transferCost, kart/karts.ts), as margins read it.
    line.cost = line.bookedByCustomer ? 0 : price.cost;
    line.working = workingText(price.working, (n) => formatMoney(n, price.currency));
  }
  return errors;
}

/** What a hold was taken for: the same stay keeps its hold as it is, whatever today's release periods say. */
const stayOf = (line: StayLine, checkin: string) =>
  [
    line.accomodationId,
    line.contractStay!.roomTypeId,
    checkin,
    line.noOfNights,
    line.contractStay!.occupancy.length,
  ].join('|');

/**
 * The allotment writes of a quotation's save, for its own transaction. A vouchered, uncancelled quotation holds
 * rooms for each contract-priced hotel line (the nights an allotment holds outside its release period); a hold
 * for an unchanged stay stays as it is; a changed stay gives its rooms back and takes anew; a cancelled (or never
 * vouchered) quotation gives every hold back. Each hold is created once and deleted once (conditional writes), so
 * a retried or racing save never takes or gives back twice. Refuses (409) when an allotment has too few rooms.
 */
export async function allotmentWrites(
  scope: DmcScope,
  kartId: string,
  holding: boolean,
  lines: readonly StayLine[],
  arrivalDate: string | null | undefined,
): Promise<TransactItem[]> {
  const siteId = siteOf(scope);
  const existing = await getHolds(siteId, kartId);
  const items: TransactItem[] = [];
  const kept = new Set<string>();
  const wanted: AllotmentHold[] = [];
  if (holding)
    for (const line of lines) {
      const checkin = line.checkinDate ?? arrivalDate;
      if (!line.contractStay || line.bookedByCustomer || !isDay(checkin)) continue;
      const stay = stayOf(line, checkin);
      const had = existing.find((h) => h.lineId === line.id);
      if (had?.stay === stay) {
        kept.add(had.lineId);
        continue;
      }
      const contract = (await getContract(siteId, line.accomodationId))?.contract;
      if (!contract) continue;
      const takes = allotmentTakes(
        contract,
        {
          roomTypeId: line.contractStay.roomTypeId,
          checkinDate: checkin,
          nights: line.noOfNights,
          rooms: line.contractStay.occupancy.length,
        },
        today(scope),
      );
      if (takes.length) wanted.push({ kartId, lineId: line.id, hotelId: line.accomodationId, stay, takes });
    }
  const givenBack = existing.filter((h) => !kept.has(h.lineId));
  for (const hold of givenBack)
    items.push(deleteHold(siteId, hold), ...hold.takes.map((t) => giveBackRooms(siteId, hold.hotelId, t)));
  for (const hold of wanted) {
    await refuseSoldOut(scope, hold, givenBack);
    items.push(putHold(siteId, hold), ...hold.takes.map((t) => takeRooms(siteId, hold.hotelId, t)));
  }
  if (items.length > MAX_ALLOTMENT_WRITES)
    throw fail.validation(HOTEL_TEXT.tooManyAllotmentNights, { accomodations: HOTEL_TEXT.tooManyAllotmentNights });
  return items;
}

/** The clear refusal before trying: a night whose allotment has fewer rooms left than the stay needs. */
async function refuseSoldOut(scope: DmcScope, hold: AllotmentHold, givenBack: readonly AllotmentHold[]): Promise<void> {
  const first = hold.takes[0]!;
  const last = hold.takes[hold.takes.length - 1]!;
  const taken = await takenRooms(siteOf(scope), hold.hotelId, first.roomTypeId, first.date, last.date);
  const back = (t: AllotmentTake) =>
    givenBack
      .filter((h) => h.hotelId === hold.hotelId)
      .flatMap((h) => h.takes)
      .filter((x) => x.date === t.date && x.roomTypeId === t.roomTypeId)
      .reduce((n, x) => n + x.rooms, 0);
  for (const t of hold.takes)
    if ((taken.get(t.date) ?? 0) - back(t) + t.rooms > t.limit)
      throw fail.conflict(HOTEL_TEXT.soldOut(t.roomTypeId, t.date), {
        accomodations: HOTEL_TEXT.soldOut(t.roomTypeId, t.date),
      });
}
