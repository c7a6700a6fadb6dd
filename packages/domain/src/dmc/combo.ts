/**
 * Combos (spec 001 §3, §5 "Combo"): several tour options sold together at one amount. The dialog adds tour
 * options one at a time; the list shows each combo's tour options with their ticket and transfer rates.
 */
import { flag, isBlank, type Draft, type Errors } from './checks.ts';
import type { DmcMessages } from './messages.ts';
import { byPriority } from './priority.ts';
import type { Combo, ComboTourOption, TicketRate, TourOption, TransferRate } from './types.ts';

/** Why the picked tour option cannot be added: none picked, or already in the combo; null when it can. */
export function addTourOptionProblem(
  added: readonly Pick<ComboTourOption, 'tourOptionId'>[],
  picked: string | null | undefined,
  m: DmcMessages,
): string | null {
  if (isBlank(picked)) return m.selectTourOption;
  return added.some((t) => t.tourOptionId === picked) ? m.tourAlreadyAdded : null;
}

/** Name and currency required; amount a number ≥ 0; at least one tour option, none twice. */
export function comboErrors(r: Draft<Omit<Combo, 'id' | 'createdAt'>>, m: DmcMessages): Errors<Combo> {
  const e: Errors<Combo> = {};
  if (isBlank(r.name)) e.name = m.required;
  if (isBlank(r.currency)) e.currency = m.required;
  if (typeof r.amount !== 'number' || !Number.isFinite(r.amount) || r.amount < 0) e.amount = m.validAmount;
  const options = r.tourOptions ?? [];
  flag(e, 'tourOptions', options.some((t) => isBlank(t.tourOptionId)) || !options.length ? m.selectTourOption : null);
  const ids = options.map((t) => t.tourOptionId);
  flag(e, 'tourOptions', new Set(ids).size !== ids.length ? m.tourAlreadyAdded : null);
  return e;
}

/** A combo as `dmc/getCombos` lists it (§3 Combo): each tour option named, with its rates in priority order. */
export interface ComboView extends Combo {
  tourOptions: (ComboTourOption & {
    name: string;
    description: string;
    /** With its market: a list of every market's rates names each rate's market (and so its currency). */
    ticketRates: Pick<
      TicketRate,
      'marketId' | 'adultAmount' | 'childAmount' | 'isPerPax' | 'validFromDate' | 'validTillDate'
    >[];
    transferRates: Pick<
      TransferRate,
      | 'marketId'
      | 'transferType'
      | 'sharingBasis'
      | 'amount'
      | 'isPerPax'
      | 'minPax'
      | 'maxPax'
      | 'validFromDate'
      | 'validTillDate'
    >[];
  })[];
}

/** Joins a combo with its tour options and their rates; rates of other markets are left out when one is given. */
export function comboView(
  combo: Combo,
  tourOptions: readonly TourOption[],
  ticketRates: readonly TicketRate[],
  transferRates: readonly TransferRate[],
  marketId?: string,
): ComboView {
  const forOption = <T extends { tourOptionId: string; marketId: string; id: string; priority: number }>(
    rows: readonly T[],
    id: string,
  ) => byPriority(rows.filter((r) => r.tourOptionId === id && (marketId === undefined || r.marketId === marketId)));
  return {
    ...combo,
    tourOptions: combo.tourOptions.map((t) => {
      const option = tourOptions.find((o) => o.id === t.tourOptionId);
      return {
        ...t,
        name: option?.name ?? '',
        description: option?.description ?? '',
        ticketRates: forOption(ticketRates, t.tourOptionId).map((r) => ({
          marketId: r.marketId,
          adultAmount: r.adultAmount,
          childAmount: r.childAmount,
          isPerPax: r.isPerPax,
          validFromDate: r.validFromDate,
          validTillDate: r.validTillDate,
        })),
        transferRates: forOption(transferRates, t.tourOptionId).map((r) => ({
          marketId: r.marketId,
          transferType: r.transferType,
          sharingBasis: r.sharingBasis,
          amount: r.amount,
          isPerPax: r.isPerPax,
          minPax: r.minPax,
          maxPax: r.maxPax,
          validFromDate: r.validFromDate,
          validTillDate: r.validTillDate,
        })),
      };
    }),
  };
}
