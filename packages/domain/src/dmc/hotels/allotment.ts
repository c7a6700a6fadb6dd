/**
 * Taking rooms from allotments when a quotation is vouchered, and giving them back on cancel. Pure: which nights
 * take how many rooms and under which ceiling; the repository makes each take one conditional write, so ten
 * vouchers racing for the last room leave exactly one holding it.
 */
import { addDays } from '../kart/dates.ts';
import type { HotelContract } from './contract.ts';
import { allotmentOn, stayNights } from './pricing.ts';

/** Rooms a vouchered stay holds on one night of a room type's allotment. */
export interface AllotmentTake {
  roomTypeId: string;
  date: string;
  rooms: number;
  /** The allotment's rooms that night: taken after this take must not exceed it. */
  limit: number;
}

/**
 * The nights of a stay that take from an allotment when vouchered today: those an allotment holds, outside its
 * release period. Nights without one, or inside release, are on request: the hotel confirms them, nothing is taken.
 */
export function allotmentTakes(
  contract: HotelContract,
  stay: { roomTypeId: string; checkinDate: string; nights: number; rooms: number },
  today: string,
): AllotmentTake[] {
  return stayNights(stay.checkinDate, stay.nights).flatMap((date) => {
    const a = allotmentOn(contract, stay.roomTypeId, date);
    if (!a || addDays(today, a.releaseDays) >= date) return [];
    return [{ roomTypeId: stay.roomTypeId, date, rooms: stay.rooms, limit: a.rooms }];
  });
}
