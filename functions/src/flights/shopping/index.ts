/** Shopping for a flight (search → option → passengers), one file per step; the flights Lambda binds these. */
export * from './scope.ts';
export * from './caller.ts';
export * from './search.ts';
export * from './offer.ts';
export * from './passengers.ts';
