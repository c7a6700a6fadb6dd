/**
 * A hotel line's transfers priced from the area transfers (docs/dmc.md "Transfers priced"): arrival from the
 * airport's area to the hotel's (`Pickup` rows), departure back (`Drop` rows), each leg by the basis the line's
 * sharing basis gives it (SIC → sharing, PVT → private) and picked as every rate is: market, date, pax band, then
 * more vehicles of the biggest band past the top one (8 guests with vans for 4–7: two vans). A hotel change arrives
 * from the previous hotel's area instead of the airport's (`arrivalFromAreaId`). Amounts stay in the area
 * transfers' currency (US dollars); the caller converts them through the exchange-rate table.
 */
import { round2 } from '../pricing.ts';
import { pickRate, transferLegs, type TransferChoice } from './engine.ts';
import { DMC_TEXT } from './messages.ts';
import type { AreaSharingBasis, AreaTransfer, Market, RateSharingBasis } from './types.ts';

/** Area transfers are contracted in US dollars (§9). */
export const AREA_TRANSFER_CURRENCY = 'USD';

const AREA_BASIS: Record<RateSharingBasis, AreaSharingBasis> = { SIC: 'sharing', PVT: 'private' };

export interface AreaTransferRequest {
  /** The area the guests land in (an airport area) and the hotel's area. */
  airportAreaId: string;
  hotelAreaId: string;
  /**
   * A hotel change: the area of the hotel the guests leave on this check-in day (the stay before ends then). The
   * arrival is then that ride, area to area; the departure still goes to the airport.
   */
  arrivalFromAreaId?: string | null;
  choice: TransferChoice;
  arrivalDate: string;
  departureDate: string;
  pax: number;
}

export interface PricedAreaLeg {
  leg: 'pickup' | 'drop';
  /** An arrival from the previous hotel (area to area), not from the airport. */
  hotelChange: boolean;
  rateId: string;
  sharing: AreaSharingBasis;
  isPerPax: boolean;
  unitAmount: number;
  /** People (per pax) or vehicles (private) charged. */
  units: number;
  amount: number;
  cost: number;
  costKnown: boolean;
}

export type PricedAreaTransfer =
  | { ok: true; currency: string; legs: PricedAreaLeg[]; amount: number; cost: number; costKnown: boolean }
  | { ok: false; message: string };

const LABEL: Record<AreaSharingBasis, string> = { sharing: 'SIC', private: 'PVT' };

export function priceAreaTransfer(
  rows: readonly AreaTransfer[],
  market: Market,
  req: AreaTransferRequest,
): PricedAreaTransfer {
  const { separate } = transferLegs(req.choice);
  const legs: PricedAreaLeg[] = [];
  for (const [i, leg] of separate.entries()) {
    const pickup = i === 0;
    const [from, to, date] = pickup
      ? [req.arrivalFromAreaId ?? req.airportAreaId, req.hotelAreaId, req.arrivalDate]
      : [req.hotelAreaId, req.airportAreaId, req.departureDate];
    const sharing = AREA_BASIS[leg.sharingBasis];
    const candidates = rows
      .filter(
        (r) =>
          r.from === from &&
          r.to === to &&
          r.sharingBasis === sharing &&
          (r.transferType === leg.transferType || r.transferType === 'Pickup & Drop'),
      )
      .map((r) => ({ ...r, priority: 0 }));
    const picked = pickRate(candidates, market.marketId, date, req.pax);
    if (!picked.ok) {
      const change = pickup && req.arrivalFromAreaId ? ' hotel change' : '';
      const what = `${LABEL[sharing]} ${leg.transferType}${change} area transfer`;
      return {
        ok: false,
        message:
          picked.stage === 'market'
            ? DMC_TEXT.noRateForMarket(what, market.name)
            : picked.stage === 'date'
              ? DMC_TEXT.noRateOnDate(what, market.name, date)
              : DMC_TEXT.noRateForPax(what, market.name, date, req.pax),
      };
    }
    const { rate } = picked;
    const units = rate.isPerPax ? req.pax : picked.units;
    legs.push({
      leg: pickup ? 'pickup' : 'drop',
      hotelChange: pickup && !!req.arrivalFromAreaId,
      rateId: rate.id,
      sharing,
      isPerPax: rate.isPerPax,
      unitAmount: rate.amount,
      units,
      amount: round2(units * rate.amount),
      cost: round2(units * (rate.cost ?? rate.amount)),
      costKnown: typeof rate.cost === 'number',
    });
  }
  return {
    ok: true,
    currency: AREA_TRANSFER_CURRENCY,
    legs,
    amount: round2(legs.reduce((s, l) => s + l.amount, 0)),
    cost: round2(legs.reduce((s, l) => s + l.cost, 0)),
    costKnown: legs.every((l) => l.costKnown),
  };
}
