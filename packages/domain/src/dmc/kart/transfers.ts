/**
 * The transfers a vouchered kart puts on the job sheet: per hotel line and per activity with a
 * transfer, the pickup leg, and for a return also the drop leg. Ids derive from the kart and line ids, so
 * vouchering again (or saving a vouchered kart) yields the same ids: the server upserts these and cancels its
 * open transfers of the kart that are no longer listed. A kart not vouchered, or cancelled, yields none.
 */
import { transferLegs } from '../engine.ts';
import type { RateSharingBasis } from '../types.ts';
import { addDays } from './dates.ts';
import type { Kart, KartAccomodation, KartTransferLeg, KartTransfers } from './types.ts';

export type TransferLegKind = 'pickup' | 'drop';

export interface VoucherTransfer {
  /** `<kartId>-<accomodation|activity>-<lineId>-<pickup|drop>`. */
  id: string;
  kartId: string;
  source: { section: 'accomodations' | 'activities'; lineId: string };
  leg: TransferLegKind;
  /** The leg's own basis: DROP_PVT_PICKUP_SIC picks up SIC and drops PVT. */
  sharingType: RateSharingBasis;
  date: string | null;
  time: string | null;
  pickupLocation: string;
  dropLocation: string;
  remarks: string;
  pax: { adults: number; child: number; infant: number };
}

type VoucherKart = Pick<Kart, 'id' | 'isVouchered' | 'isCancelled' | 'adults' | 'child' | 'infant'> &
  Pick<Kart, 'accomodations' | 'activities'>;

interface LineSource {
  section: VoucherTransfer['source']['section'];
  lineId: string;
  transfers: KartTransfers;
  /** The leg's date and time when the leg names none. */
  defaults: Record<TransferLegKind, { date: string | null; time: string | null }>;
}

const ID_PART: Record<LineSource['section'], string> = { accomodations: 'accomodation', activities: 'activity' };

function lineTransfers(kart: VoucherKart, src: LineSource): VoucherTransfer[] {
  const { transferType, sharingBasis } = src.transfers;
  if (!transferType || !sharingBasis) return [];
  const legs = transferLegs({ transferType, sharingBasis }).separate;
  return legs.map(({ transferType: direction, sharingBasis: basis }) => {
    const kind: TransferLegKind = direction === 'Drop' ? 'drop' : 'pickup';
    const leg: KartTransferLeg | null = src.transfers[kind === 'pickup' ? 'pickupTransfer' : 'dropTransfer'];
    return {
      id: `${kart.id}-${ID_PART[src.section]}-${src.lineId}-${kind}`,
      kartId: kart.id,
      source: { section: src.section, lineId: src.lineId },
      leg: kind,
      sharingType: basis,
      date: leg?.date || src.defaults[kind].date,
      time: leg?.time || src.defaults[kind].time,
      pickupLocation: leg?.pickupLocation ?? '',
      dropLocation: leg?.dropLocation ?? '',
      remarks: leg?.remarks ?? '',
      pax: { adults: kart.adults, child: kart.child, infant: kart.infant },
    };
  });
}

export function transfersOfVoucher(kart: VoucherKart): VoucherTransfer[] {
  if (!kart.isVouchered || kart.isCancelled) return [];
  const sources: LineSource[] = [
    ...kart.accomodations.map((l) => ({
      section: 'accomodations' as const,
      lineId: l.id,
      transfers: l,
      // Picked up on arrival (check-in), dropped on departure (check-in + nights).
      defaults: {
        pickup: { date: l.checkinDate, time: null },
        drop: { date: l.checkinDate ? addDays(l.checkinDate, l.noOfNights) : null, time: null },
      },
    })),
    ...kart.activities.map((l) => ({
      section: 'activities' as const,
      lineId: l.id,
      transfers: l.transfers,
      defaults: { pickup: { date: l.startDate, time: l.time }, drop: { date: l.startDate, time: null } },
    })),
  ];
  return sources.flatMap((s) => lineTransfers(kart, s));
}

/** What the job sheet names beside a leg, from its kart (ours: the walkthrough's operations manager asked for each). */
export interface JobDetails {
  /** The kart's quotation number. */
  quotationNo: string;
  /** What the ride serves: the hotel of an arrival or departure, or the activity and its tour option. */
  service: string | null;
  /** The hotel of the stay: the line's own for a hotel leg; for an activity, the stay that covers its day. */
  hotelName: string | null;
  /** The first adult passenger as named on the kart (title, first and last name); null when none is listed. */
  leadGuest: string | null;
}

type DetailsKart = Pick<Kart, 'quotationId' | 'accomodations' | 'activities' | 'passengers'>;

export function jobDetailsOf(kart: DetailsKart, leg: Pick<VoucherTransfer, 'source' | 'date'>): JobDetails {
  const lead = kart.passengers.find((p) => p.paxType === 'adult') ?? kart.passengers[0];
  const name = lead && [lead.title, lead.firstName, lead.lastName].filter((s) => s?.trim()).join(' ');
  const details = { quotationNo: kart.quotationId, leadGuest: name || null };
  if (leg.source.section === 'accomodations') {
    const hotel = kart.accomodations.find((l) => l.id === leg.source.lineId)?.accomodationName ?? null;
    return { ...details, service: hotel, hotelName: hotel };
  }
  const activity = kart.activities.find((l) => l.id === leg.source.lineId);
  const service = [activity?.activityName, activity?.tourOptionName].filter(Boolean).join(': ') || null;
  return { ...details, service, hotelName: stayOn(kart, leg.date)?.accomodationName ?? null };
}

/** The hotel line whose nights cover `day` (check-in up to, not including, check-out). */
function stayOn(kart: Pick<Kart, 'accomodations'>, day: string | null) {
  if (day === null) return undefined;
  return kart.accomodations.find(
    (l) => l.checkinDate !== null && l.checkinDate <= day && day < addDays(l.checkinDate, l.noOfNights),
  );
}

type Stay = Pick<KartAccomodation, 'accomodationId' | 'checkinDate' | 'noOfNights'>;

/**
 * The stay the guests leave on `line`'s check-in day (it ends then, at another hotel): the arrival is a hotel change,
 * area to area, not a ride from the airport. The one rule for pricing it and for where its transfer picks up.
 */
export function stayLeftOn<S extends Stay>(stays: readonly S[], line: S): S | undefined {
  const day = line.checkinDate;
  if (!day) return undefined;
  return stays.find(
    (s) =>
      s !== line &&
      s.accomodationId !== line.accomodationId &&
      s.checkinDate !== null &&
      addDays(s.checkinDate, s.noOfNights) === day,
  );
}

/** Area names by id, as the server looked them up: of hotels, of activities, and of areas themselves. */
export interface PlaceAreas {
  hotel: ReadonlyMap<string, string>;
  activity: ReadonlyMap<string, string>;
  area: ReadonlyMap<string, string>;
}

type Placed = { id: string; area: string | null };

/** PlaceAreas from the kart's hotels and activities (their area ids) and the area names by id. */
export function placeAreasOf(
  hotels: readonly Placed[],
  activities: readonly Placed[],
  areaNames: ReadonlyMap<string, string>,
): PlaceAreas {
  const named = (records: readonly Placed[]) =>
    new Map(records.flatMap((r) => (r.area && areaNames.has(r.area) ? [[r.id, areaNames.get(r.area)!]] : [])));
  return { hotel: named(hotels), activity: named(activities), area: areaNames };
}

/** No area known (a kart whose masters name none). */
export const NO_AREAS: PlaceAreas = placeAreasOf([], [], new Map());

/**
 * A leg without a time of its own goes at its tour option's (docs/dmc.md: pickup at the option's time, back at its
 * drop time). Changes `transfers` in place, as the server prices a draft line.
 */
export function timeLegsFromOption(
  transfers: { pickupTransfer?: { time?: string | null } | null; dropTransfer?: { time?: string | null } | null },
  option: { pickupTime: string | null; dropPickupTime: string | null },
): void {
  for (const [leg, time] of [
    ['pickupTransfer', option.pickupTime],
    ['dropTransfer', option.dropPickupTime],
  ] as const) {
    const l = transfers[leg];
    if (l && time && !l.time?.trim()) l.time = time;
  }
}

/**
 * The area a leg picks up in (docs/dmc.md: SIC runs are pooled by area; the job sheet sorts by it): an arrival at
 * the line's airport area, or for a hotel change at the area of the hotel left that day; a departure at its hotel's
 * area; an activity's pickup at the area of the hotel the guests
 * stay in that day; its drop (the way back) at the activity's own area. Null where the kart or the masters say none.
 */
export function pickupAreaOf(
  kart: Pick<Kart, 'accomodations' | 'activities'>,
  leg: Pick<VoucherTransfer, 'source' | 'leg' | 'date'>,
  areas: PlaceAreas,
): string | null {
  if (leg.source.section === 'accomodations') {
    const line = kart.accomodations.find((l) => l.id === leg.source.lineId);
    if (!line) return null;
    if (leg.leg === 'drop') return areas.hotel.get(line.accomodationId) ?? null;
    // A hotel change picks up at the hotel left that day.
    const left = stayLeftOn(kart.accomodations, line);
    return left ? (areas.hotel.get(left.accomodationId) ?? null) : (areas.area.get(line.airportAreaId ?? '') ?? null);
  }
  if (leg.leg === 'pickup') {
    const stay = stayOn(kart, leg.date);
    return stay ? (areas.hotel.get(stay.accomodationId) ?? null) : null;
  }
  const activity = kart.activities.find((l) => l.id === leg.source.lineId);
  return activity ? (areas.activity.get(activity.activityId) ?? null) : null;
}
