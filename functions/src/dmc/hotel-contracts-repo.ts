/**
 * Hotel contracts and their allotments as stored (docs/dmc.md "Hotel contracts"):
 * - a contract is one item per hotel (`SITE#<site>#DMC#HOTELCONTRACT`, the hotel id) with its `version`, so
 *   pricing a stay is one GetItem and a save is one conditional Put;
 * - rooms taken from an allotment are counters per room type and night (`…#DMC#ALLOTMENT#<hotel>`,
 *   `<roomType>#<date>`), so a stay's nights are one Query and a take is a conditional Update per night;
 * - what a vouchered kart line took is one hold item (`…#DMC#ALLOTMENTHOLD`, `<kart>#<line>`), created with the
 *   takes and deleted with the give-backs, so a take or a give-back happens exactly once.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { AllotmentTake, HotelContract } from '@tp/domain/dmc';
import { db, queryAll, tableName, versionCondition, type TransactItem } from '#lib/db';
import { part, sitePk, type Key, type SiteId } from '#lib/keys';

const contractKey = (siteId: SiteId, hotelId: string): Key => ({
  pk: sitePk(siteId, 'DMC', 'HOTELCONTRACT'),
  sk: part(hotelId),
});
const takenPk = (siteId: SiteId, hotelId: string) => sitePk(siteId, 'DMC', 'ALLOTMENT', hotelId);
const takenKey = (siteId: SiteId, hotelId: string, roomTypeId: string, date: string): Key => ({
  pk: takenPk(siteId, hotelId),
  sk: `${part(roomTypeId)}#${part(date)}`,
});
const holdKey = (siteId: SiteId, kartId: string, lineId: string): Key => ({
  pk: sitePk(siteId, 'DMC', 'ALLOTMENTHOLD'),
  sk: `${part(kartId)}#${part(lineId)}`,
});

export interface StoredContract {
  contract: HotelContract;
  version: number;
}

export async function getContract(siteId: SiteId, hotelId: string): Promise<StoredContract | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: contractKey(siteId, hotelId), ConsistentRead: true }),
  );
  return Item ? { contract: Item.rec as HotelContract, version: Item.version as number } : null;
}

/** The write of a contract on the version it read (0: none stored yet). */
export function putContract(siteId: SiteId, contract: HotelContract, readVersion: number): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...contractKey(siteId, contract.hotelId),
        kind: 'hotelContract',
        rec: contract,
        version: readVersion + 1,
      },
      ...versionCondition(readVersion === 0 ? null : readVersion),
    },
  };
}

/** Rooms taken per night of a room type between two dates (inclusive); nights never taken are absent. */
export async function takenRooms(
  siteId: SiteId,
  hotelId: string,
  roomTypeId: string,
  from: string,
  till: string,
): Promise<Map<string, number>> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :b',
    ExpressionAttributeValues: {
      ':pk': takenPk(siteId, hotelId),
      ':a': `${part(roomTypeId)}#${from}`,
      ':b': `${part(roomTypeId)}#${till}`,
    },
    ConsistentRead: true,
  });
  return new Map(items.map((i) => [String(i.sk).split('#')[1] as string, i.taken as number]));
}

/** Every taken counter of a hotel: room type → date → rooms (the contract screen's allotment use). */
export async function allTaken(
  siteId: SiteId,
  hotelId: string,
): Promise<{ roomTypeId: string; date: string; taken: number }[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': takenPk(siteId, hotelId) },
  });
  return items.map((i) => {
    const [roomTypeId = '', date = ''] = String(i.sk).split('#');
    return { roomTypeId, date, taken: i.taken as number };
  });
}

/** Takes rooms on one night, refused when the allotment would be exceeded. */
export function takeRooms(siteId: SiteId, hotelId: string, take: AllotmentTake): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: takenKey(siteId, hotelId, take.roomTypeId, take.date),
      UpdateExpression: 'ADD taken :n',
      ConditionExpression: 'attribute_not_exists(taken) OR taken <= :room',
      ExpressionAttributeValues: { ':n': take.rooms, ':room': take.limit - take.rooms },
    },
  };
}

/** Gives rooms back on one night. */
export function giveBackRooms(siteId: SiteId, hotelId: string, take: AllotmentTake): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: takenKey(siteId, hotelId, take.roomTypeId, take.date),
      UpdateExpression: 'ADD taken :n',
      ConditionExpression: 'taken >= :rooms',
      ExpressionAttributeValues: { ':n': -take.rooms, ':rooms': take.rooms },
    },
  };
}

export interface AllotmentHold {
  kartId: string;
  lineId: string;
  hotelId: string;
  /** The stay the rooms were taken for (hotel, room type, check-in, nights, rooms). */
  stay: string;
  takes: AllotmentTake[];
}

export async function getHolds(siteId: SiteId, kartId: string): Promise<AllotmentHold[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :kart)',
    ExpressionAttributeValues: { ':pk': sitePk(siteId, 'DMC', 'ALLOTMENTHOLD'), ':kart': `${part(kartId)}#` },
    ConsistentRead: true,
  });
  return items.map((i) => i.rec as AllotmentHold);
}

/** The hold is created once: a second voucher of the same line fails its condition and takes nothing. */
export function putHold(siteId: SiteId, hold: AllotmentHold): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...holdKey(siteId, hold.kartId, hold.lineId), kind: 'allotmentHold', rec: hold },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export function deleteHold(siteId: SiteId, hold: AllotmentHold): TransactItem {
  return {
    Delete: {
      TableName: tableName(),
      Key: holdKey(siteId, hold.kartId, hold.lineId),
      ConditionExpression: 'attribute_exists(pk)',
    },
  };
}
