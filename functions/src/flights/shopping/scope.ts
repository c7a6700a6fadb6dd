/** What every flight operation gets (the preset's signed-in scope) and the flight messages. */
import type { Logger } from '#lib/logger';
import type { Principal } from '#lib/principal';
import { type SiteRecord } from '#lib/tenancy';

export interface FlightScope {
  site: SiteRecord;
  principal: Principal;
  now: Date;
  ip: string;
  log: Logger;
}

export const FLIGHT_MSG = {
  searchNotAllowed: 'Flight search is not allowed for your account. Please contact support.',
  lookToBookReached: 'You have reached this month’s search limit. Please book, or contact support to raise it.',
  searchExpired: 'Your search has expired. Please search again.',
  noSsr: 'No SSR details available for this flight',
  priceChanged: 'The fare has changed. Please review the new price before paying.',
  unknownSsr: 'Choose extra services from the list offered',
} as const;
