// Derived by `npm run derive` (scripts/derive/bindings.ts) from the answers exported in this folder: do not edit.
import * as c0 from '@tp/contracts/endpoints/flights';
import { gathered, type Operation } from '#lib/http';
import type { FlightsWiring } from './orders/index.ts';

export const answered = (wiring: FlightsWiring): Operation[] => [
  gathered(c0.setFlightDetails, () => import('./orders/index.ts'), 'answerSetFlightDetails', wiring),
  gathered(c0.orderSuccessCallback, () => import('./orders/index.ts'), 'answerOrderSuccessCallback', wiring),
  gathered(c0.getBookingDetails, () => import('./orders/index.ts'), 'answerGetBookingDetails', wiring),
  gathered(c0.getFareRules, () => import('./shopping/offer.ts'), 'answerGetFareRules', undefined),
  gathered(c0.fareQuote, () => import('./shopping/offer.ts'), 'answerFareQuote', undefined),
  gathered(c0.getSSR, () => import('./shopping/offer.ts'), 'answerGetSSR', undefined),
  gathered(c0.getFlightPrice, () => import('./shopping/offer.ts'), 'answerGetFlightPrice', undefined),
  gathered(c0.getFlightDetails, () => import('./shopping/offer.ts'), 'answerGetFlightDetails', undefined),
  gathered(c0.getPassengerViewOptions, () => import('./shopping/passengers.ts'), 'answerGetPassengerViewOptions', undefined),
  gathered(c0.validateBooking, () => import('./shopping/passengers.ts'), 'answerValidateBooking', undefined),
  gathered(c0.search, () => import('./shopping/search.ts'), 'answerSearch', undefined),
  gathered(c0.getCalendarFare, () => import('./shopping/search.ts'), 'answerGetCalendarFare', undefined),
  gathered(c0.getSources, () => import('./shopping/search.ts'), 'answerGetSources', undefined),
  gathered(c0.getFlightTrip, () => import('./trips.ts'), 'answerGetFlightTrip', undefined),
];
