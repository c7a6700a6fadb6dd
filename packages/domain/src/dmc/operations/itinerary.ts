/**
 * The date-wise itinerary (`dmc/getItinerariesByDate` date, `/staff/dmc-datewise-itineraries`): every customer's
 * day on one date, from the vouchered karts and their transfers, as printable data. Kart fields keep the spec's
 * names (`accomodations`, `checkinDate`, `noOfNights`, `startDate`), so a `Kart` with the customer's name and
 * phone added fits `ItineraryKart`. Line names are the ones the line kept when added, else `names`, else the id.
 */
import { addDays } from '../kart/dates.ts';
import { byCode } from './time.ts';
import type { OpsDriver, Transfer } from './types.ts';

export interface ItineraryKart {
  id: string;
  kartName: string;
  customerName: string;
  customerPhone: string;
  adults: number;
  child: number;
  infant: number;
  isVouchered: boolean;
  isCancelled: boolean;
  accomodations: readonly {
    accomodationId: string;
    accomodationName?: string;
    checkinDate: string | null;
    noOfNights: number | null;
  }[];
  activities: readonly {
    activityId: string;
    tourOptionId: string;
    activityName?: string;
    tourOptionName?: string;
    startDate: string | null;
    time: string | null;
  }[];
  miscellaneous: readonly { name: string; description?: string | null; startDate?: string | null }[];
}

/** Display names by id, for lines that kept none. */
export interface ItineraryNames {
  hotels: Readonly<Record<string, string>>;
  activities: Readonly<Record<string, string>>;
  tourOptions: Readonly<Record<string, string>>;
}

export const ITINERARY_ITEM_KINDS = ['checkOut', 'inHouse', 'transfer', 'activity', 'misc', 'checkIn'] as const;
export type ItineraryItemKind = (typeof ITINERARY_ITEM_KINDS)[number];

export interface ItineraryItem {
  kind: ItineraryItemKind;
  /** `HH:MM`, or null for what has no time (hotel days, misc items). */
  time: string | null;
  title: string;
  detail: string;
  /** Set on transfer items. */
  transferId?: string;
}

export interface CustomerDay extends Pick<
  ItineraryKart,
  'kartName' | 'customerName' | 'customerPhone' | 'adults' | 'child' | 'infant'
> {
  kartId: string;
  items: ItineraryItem[];
}

/**
 * Order of a day: untimed check-out and in-house stays first (where the guest starts), then everything with a
 * time by time, then untimed check-ins (after the arrival transfer), then untimed others. Ties keep the kind
 * order of `ITINERARY_ITEM_KINDS`, then the title.
 */
const rank = (i: ItineraryItem): number =>
  i.time !== null ? 1 : i.kind === 'checkOut' || i.kind === 'inHouse' ? 0 : i.kind === 'checkIn' ? 2 : 3;
const byDayOrder = (a: ItineraryItem, b: ItineraryItem): number =>
  rank(a) - rank(b) ||
  byCode(a.time ?? '', b.time ?? '') ||
  ITINERARY_ITEM_KINDS.indexOf(a.kind) - ITINERARY_ITEM_KINDS.indexOf(b.kind) ||
  a.title.localeCompare(b.title);

const LEG_LABELS: Record<Transfer['leg'], string> = { pickup: 'Pickup', drop: 'Drop' };

const transferItem = (t: Transfer, drivers: ReadonlyMap<string, string>): ItineraryItem => ({
  kind: 'transfer',
  time: t.time,
  title: `${LEG_LABELS[t.leg]}: ${t.pickupLocation} → ${t.dropLocation}`,
  detail: [
    t.sharingType,
    t.flightNo ? `flight ${t.flightNo}` : null,
    t.driverId ? `driver ${drivers.get(t.driverId) ?? t.driverId}` : 'no driver yet',
    t.status === 'done' ? 'done' : t.status === 'notDone' ? 'not done' : null,
  ]
    .filter(Boolean)
    .join(' · '),
  transferId: t.id,
});

function kartItems(k: ItineraryKart, date: string, names: ItineraryNames): ItineraryItem[] {
  const items: ItineraryItem[] = [];
  for (const a of k.accomodations) {
    if (!a.checkinDate || a.noOfNights === null || a.noOfNights < 1) continue;
    const hotel = a.accomodationName || names.hotels[a.accomodationId] || a.accomodationId;
    const out = addDays(a.checkinDate, a.noOfNights);
    const nights = `${a.noOfNights} night${a.noOfNights === 1 ? '' : 's'}, ${a.checkinDate} to ${out}`;
    if (date === a.checkinDate)
      items.push({ kind: 'checkIn', time: null, title: hotel, detail: `Check-in, ${nights}` });
    else if (date === out) items.push({ kind: 'checkOut', time: null, title: hotel, detail: `Check-out, ${nights}` });
    else if (a.checkinDate < date && date < out)
      items.push({ kind: 'inHouse', time: null, title: hotel, detail: `In house, ${nights}` });
  }
  for (const a of k.activities)
    if (a.startDate === date)
      items.push({
        kind: 'activity',
        time: a.time || null,
        title: a.activityName || names.activities[a.activityId] || a.activityId,
        detail: a.tourOptionName || names.tourOptions[a.tourOptionId] || a.tourOptionId,
      });
  for (const m of k.miscellaneous)
    if (m.startDate === date) items.push({ kind: 'misc', time: null, title: m.name, detail: m.description ?? '' });
  return items;
}

/**
 * Each customer's day on `date`: vouchered karts that are not cancelled (quotations are not trips), with their
 * hotel check-in / in-house / check-out (check-out is `checkinDate + noOfNights`), activities starting that
 * day, dated misc items and the kart's transfers of the day that are not cancelled. Customers with nothing that
 * day are left out; customers are sorted by name, then kart name and id. A transfer without a time is listed
 * among the untimed items.
 */
export function itineraryForDate(
  karts: readonly ItineraryKart[],
  transfers: readonly Transfer[],
  date: string,
  names: ItineraryNames = { hotels: {}, activities: {}, tourOptions: {} },
  drivers: readonly OpsDriver[] = [],
): CustomerDay[] {
  const driverNames = new Map(drivers.map((d) => [d.driverId, d.driverName]));
  const transfersByKart = new Map<string, Transfer[]>();
  for (const t of transfers) {
    if (t.date !== date || t.status === 'cancelled') continue;
    transfersByKart.set(t.kartId, [...(transfersByKart.get(t.kartId) ?? []), t]);
  }
  return karts
    .filter((k) => k.isVouchered && !k.isCancelled)
    .map((k) => ({
      kartId: k.id,
      kartName: k.kartName,
      customerName: k.customerName,
      customerPhone: k.customerPhone,
      adults: k.adults,
      child: k.child,
      infant: k.infant,
      items: [
        ...kartItems(k, date, names),
        ...(transfersByKart.get(k.id) ?? []).map((t) => transferItem(t, driverNames)),
      ].sort(byDayOrder),
    }))
    .filter((d) => d.items.length > 0)
    .sort(
      (a, b) =>
        a.customerName.localeCompare(b.customerName) ||
        a.kartName.localeCompare(b.kartName) ||
        byCode(a.kartId, b.kartId),
    );
}
