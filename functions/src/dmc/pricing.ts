/**
 * Prices through the rate engine (packages/domain/src/dmc/engine.ts): one tour option for the quotation builder,
 * and a city's tour options with what they cost the party on the day. Loads the option's rates in priority order
 * and its stop-sales; the engine decides.
 */
import type { ParsedRequestOf } from '@tp/contracts/endpoint';
import * as api from '@tp/contracts/endpoints/dmc';
import type { TActivity, TTourOption, TTourOptionPrice } from '@tp/contracts/endpoints/dmc';
import {
  RATE_SHARING_BASES,
  dateWithin,
  priceAreaTransfer,
  priceTourOption,
  type PricedAreaTransfer,
  type Market,
  type RateSharingBasis,
  type TourOption,
  type TourOptionRates,
  type TransferChoice,
} from '@tp/domain/dmc';
import type { Page } from '#lib/db';
import { siteOf, type DmcScope } from './changes.ts';
import type { DmcRecords } from './records.ts';
import { marketOrDefault } from './markets.ts';
import { listByName } from './lists.ts';
import { activitiesOfCity, existing } from './masters.ts';
import { ratesOf, withPriority } from './rates.ts';
import * as repo from './repo.ts';
import { answers } from '#lib/answers';

type In<E> = ParsedRequestOf<E>;

/**
 * A hotel line's arrival and departure priced from the area transfers, in their currency (US dollars). With
 * `previousAccomodationId` (a stay that ends on this check-in day), the arrival is the hotel change from that
 * hotel's area.
 */
export async function priceHotelTransfer(
  scope: DmcScope,
  input: {
    accomodationId: string;
    previousAccomodationId?: string | null;
    airportAreaId: string;
    marketId: string | null;
    choice: TransferChoice;
    arrivalDate: string;
    departureDate: string;
    pax: number;
  },
): Promise<PricedAreaTransfer> {
  const siteId = siteOf(scope);
  const [hotel, previous] = await Promise.all([
    repo.getRecord(siteId, 'hotel', input.accomodationId),
    input.previousAccomodationId ? repo.getRecord(siteId, 'hotel', input.previousAccomodationId) : null,
  ]);
  if (!hotel?.area) return { ok: false, message: DMC_TEXT_AREA.hotelWithoutArea };
  if (input.previousAccomodationId && !previous?.area)
    return { ok: false, message: DMC_TEXT_AREA.previousHotelWithoutArea };
  const arrivalFromAreaId = previous?.area ?? null;
  const market = await marketOrDefault(scope, input.marketId ?? undefined);
  const route = (from: string, to: string) =>
    listByName(scope, 'areaTransfer', { limit: 1000 }, { skPrefix: `${from}#${to}#` });
  const [arrival, departure] = await Promise.all([
    route(arrivalFromAreaId ?? input.airportAreaId, hotel.area),
    route(hotel.area, input.airportAreaId),
  ]);
  return priceAreaTransfer([...arrival.records, ...departure.records], market, {
    airportAreaId: input.airportAreaId,
    hotelAreaId: hotel.area,
    arrivalFromAreaId,
    choice: input.choice,
    arrivalDate: input.arrivalDate,
    departureDate: input.departureDate,
    pax: input.pax,
  });
}

/** Why a hotel line's transfer cannot be priced from the area transfers (ours). */
export const DMC_TEXT_AREA = {
  hotelWithoutArea: "This hotel has no area: set the hotel's area to price its transfers",
  previousHotelWithoutArea: 'The hotel before this one has no area: set its area to price the hotel change',
} as const;

async function ratesFor(scope: DmcScope, tourOption: TourOption): Promise<TourOptionRates> {
  const [ticketRates, transferRates, stopSales] = await Promise.all([
    ratesOf(scope, 'ticketRate', tourOption.id),
    ratesOf(scope, 'transferRate', tourOption.id),
    repo.childrenOf(siteOf(scope), 'stopSale', ['TOUROPTION', tourOption.id]),
  ]);
  return { tourOption, ticketRates, transferRates, stopSales };
}

export async function priceForQuotation(
  scope: DmcScope,
  input: In<typeof api.getTourOptionPriceForQuotationBuilder>,
): Promise<TTourOptionPrice> {
  return (await priceWithTourOption(scope, input)).price;
}

/** The price, with the tour option it priced (a quotation line checks its time against the option's slots). */
export async function priceWithTourOption(
  scope: DmcScope,
  input: In<typeof api.getTourOptionPriceForQuotationBuilder>,
): Promise<{ tourOption: DmcRecords['tourOption']; price: TTourOptionPrice }> {
  const tourOption = (await existing(scope, 'tourOption', input.tourOptionId))!;
  const market = await marketOrDefault(scope, input.marketId);
  const transfer: TransferChoice | null =
    input.transferType && input.sharingBasis
      ? { transferType: input.transferType, sharingBasis: input.sharingBasis }
      : null;
  const price = priceTourOption(await ratesFor(scope, tourOption), market, {
    date: input.date,
    adults: input.adults,
    children: input.children,
    transfer,
  });
  return { tourOption, price };
}

/** Transfer bases with a rate for the market on the date: what the transfer picker can offer. */
function transferBases(rates: TourOptionRates, market: Market, date: string): RateSharingBasis[] {
  return RATE_SHARING_BASES.filter((basis) =>
    rates.transferRates.some(
      (r) =>
        r.sharingBasis === basis &&
        r.marketId === market.marketId &&
        dateWithin(date, r.validFromDate, r.validTillDate),
    ),
  );
}

/**
 * The ticket rows of a page of tour options with as few reads as the store allows: their priority lists in one
 * BatchGet, the site's stop-sales in one Query (a DMC keeps tens), and one Query of ticket rates per option (no
 * transfer rates: a ticket-only price). A search made five reads per option before, each fired at once, and queued
 * behind the DynamoDB client's 50 sockets under load (docs/benchmarks.md "DMC").
 */
async function ticketRowsOf(scope: DmcScope, options: TourOption[]): Promise<Map<string, TourOptionRates>> {
  const siteId = siteOf(scope);
  const [orders, stopSales, tickets] = await Promise.all([
    repo.getRateOrders(
      siteId,
      'ticketRate',
      options.map((o) => o.id),
    ),
    repo.allRecords(siteId, 'stopSale'),
    Promise.all(options.map((o) => repo.childrenOf(siteId, 'ticketRate', ['TOUROPTION', o.id]))),
  ]);
  return new Map(
    options.map((tourOption, i) => [
      tourOption.id,
      {
        tourOption,
        ticketRates: withPriority(tickets[i]!, orders.get(tourOption.id) ?? []),
        transferRates: [],
        stopSales: stopSales.filter((s) => s.tourOptionId === tourOption.id),
      },
    ]),
  );
}

/**
 * A city's activities with their tour options priced for the party on the day. `ticketsOnly` (the activity search:
 * the cart sells tickets, transfers are arranged once it is confirmed) reads no transfer rates, offers no transfer
 * bases and reads the page's rows together (`ticketRowsOf`).
 */
export async function tourOptionsByCity(
  scope: DmcScope,
  input: In<typeof api.getTourOptionsByCity>,
  { ticketsOnly = false }: { ticketsOnly?: boolean } = {},
): Promise<
  Page<{
    activity: TActivity;
    tourOptions: { tourOption: TTourOption; price: TTourOptionPrice; transferBases: RateSharingBasis[] }[];
  }>
> {
  const market = await marketOrDefault(scope, input.marketId);
  const page = await activitiesOfCity(scope, input.cityId, input);
  const request = { date: input.date, adults: input.adults, children: input.children, transfer: null };
  const optionsOf = await Promise.all(
    page.records.map((activity) => repo.childrenOf(siteOf(scope), 'tourOption', ['ACTIVITY', activity.id])),
  );
  const tickets = ticketsOnly ? await ticketRowsOf(scope, optionsOf.flat()) : null;
  const records = await Promise.all(
    page.records.map(async (activity, a) => {
      const options = optionsOf[a]!;
      const tourOptions = await Promise.all(
        options.map(async (option) => {
          const rates = tickets?.get(option.id) ?? (await ratesFor(scope, option));
          return {
            // The activity is in hand: its options are named from it, not read again.
            tourOption: { ...option, activityName: activity.name },
            price: priceTourOption(rates, market, request),
            transferBases: ticketsOnly ? [] : transferBases(rates, market, input.date),
          };
        }),
      );
      return { activity, tourOptions };
    }),
  );
  return { records, nextCursor: page.nextCursor };
}

// The dmc Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerGetTourOptionPriceForQuotationBuilder = answers(
  api.getTourOptionPriceForQuotationBuilder,
  (input, scope) => priceForQuotation(scope, input),
);
export const answerGetTourOptionsByCity = answers(api.getTourOptionsByCity, (input, scope) =>
  tourOptionsByCity(scope, input),
);
