/**
 * The DMC records as stored: the domain's types (packages/domain/src/dmc/types.ts) plus what the back office
 * keeps beside them (a city's name, the default-market flag). Rates are stored without `priority`: it is their
 * position in the tour option's priority list (repo.ts `rateOrder`), so a reorder is one write.
 */
import type {
  Accommodation,
  Activity,
  Area,
  AreaTransfer,
  Combo,
  Driver,
  Location,
  Market,
  StopSale,
  TicketRate,
  TourOption,
  TransferRate,
} from '@tp/domain/dmc';
import type { DmcKind } from './keys.ts';

export interface MarketRec extends Market {
  isDefault: boolean;
}
export interface AreaRec extends Area {
  cityName: string;
}
export interface HotelRec extends Accommodation {
  cityName: string;
}
export interface ActivityRec extends Activity {
  cityName: string;
}
export type TicketRateRec = Omit<TicketRate, 'priority'>;
export type TransferRateRec = Omit<TransferRate, 'priority'>;
export type DriverRec = Omit<Driver, 'driverAccessToken'>;

export interface DmcRecords {
  market: MarketRec;
  area: AreaRec;
  hotel: HotelRec;
  activity: ActivityRec;
  tourOption: TourOption;
  ticketRate: TicketRateRec;
  transferRate: TransferRateRec;
  stopSale: StopSale;
  areaTransfer: AreaTransfer;
  combo: Combo;
  driver: DriverRec;
  location: Location;
}

/** The id field of a record (the spec names two of them differently). */
export function idOf<K extends DmcKind>(kind: K, rec: DmcRecords[K]): string {
  if (kind === 'market') return (rec as MarketRec).marketId;
  if (kind === 'driver') return (rec as DriverRec).driverId;
  return (rec as { id: string }).id;
}

/** Which rate list a kind of rate belongs to. */
export type RateKind = 'ticketRate' | 'transferRate';
export const RATE_LIST: Record<RateKind, 'TICKET' | 'TRANSFER'> = { ticketRate: 'TICKET', transferRate: 'TRANSFER' };

/** A city name when the screen sent none: the reference id, until a record names it. */
export const cityLabel = (cityId: number, name: string | null | undefined): string => name?.trim() || `City ${cityId}`;
