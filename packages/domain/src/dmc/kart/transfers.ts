/**
 * The transfers a vouchered kart puts on the job sheet: per hotel line and per activity with a
 * transfer, the pickup leg, and for a return also the drop leg. Ids derive from the kart and line ids, so
 * vouchering again (or saving a vouchered kart) yields the same ids: the server upserts these and cancels its
 * open transfers of the kart that are no longer listed. A kart not vouchered, or cancelled, yields none.
 */
import { transferLegs } from '../engine.ts';
import type { RateSharingBasis } from '../types.ts';
import { addDays } from './dates.ts';
import type { Kart, KartTransferLeg, KartTransfers } from './types.ts';

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
