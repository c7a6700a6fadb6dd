// Derived by `npm run derive` (scripts/derive/bindings.ts) from the answers exported in this folder: do not edit.
import * as c0 from '@tp/contracts/endpoints/fixed-departures';
import { gathered, type Operation } from '#lib/http';
import type { FixedDeparturesWiring } from './offers.ts';

export const answered = (wiring: FixedDeparturesWiring): Operation[] => [
  gathered(c0.saveFixedDeparture, () => import('./inventory.ts'), 'answerSaveFixedDeparture', undefined),
  gathered(c0.listFixedDepartures, () => import('./inventory.ts'), 'answerListFixedDepartures', undefined),
  gathered(c0.fixedDepartureSales, () => import('./inventory.ts'), 'answerFixedDepartureSales', undefined),
  gathered(c0.searchFixedDepartures, () => import('./offers.ts'), 'answerSearchFixedDepartures', undefined),
  gathered(c0.quoteFixedDeparture, () => import('./offers.ts'), 'answerQuoteFixedDeparture', undefined),
  gathered(c0.bookFixedDeparture, () => import('./offers.ts'), 'answerBookFixedDeparture', wiring),
  gathered(c0.printFixedDeparture, () => import('./print.ts'), 'answerPrintFixedDeparture', undefined),
];
