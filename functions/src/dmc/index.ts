/**
 * The dmc domain's public entry. The areas domain keeps areas and area transfers in the DMC's record store (one
 * store, one import, one audit trail): the record helpers below are what its operations save and list with.
 */
export type { DmcScope } from './changes.ts';
export { RULE_MESSAGES, removeRecord, saveRecord, siteOf } from './changes.ts';
export { listByName, namesById, refuseNameTwin } from './lists.ts';
export { quotationMarketId, requireMarket } from './markets.ts';
export { cityOf, requireRef } from './masters.ts';
export type { AreaRec } from './records.ts';
export { allRecords as allDmcRecords, getRecords as getDmcRecords, recordExists as dmcRecordExists } from './repo.ts';
export { mapActivityArea } from './masters.ts';
export { auditTrailOf } from './data.ts';
/** The site's drivers, for operations (kart Lambda: job sheet picker, conflicts, driver page). */
export { allDrivers, getDriver } from './masters.ts';
/** The rate engine as the quotation builder prices a tour option (the kart Lambda prices activity lines with it). */
export { priceForQuotation, priceHotelTransfer, priceWithTourOption } from './pricing.ts';
export { allExchangeRates } from './exchange-rates-repo.ts';
export { cartPaysAt, minimumMarginPercent, sitePaymentTerms } from './exchange-rates.ts';
/** Combos as a quotation or a cart prices them (docs/dmc.md "Combos in quotations and carts"). */
export { comboOffers } from './combo-offers.ts';
/** A city's activities with their tour options priced for a party (the activities Lambda's search). */
export { tourOptionsByCity } from './pricing.ts';
/** A tour option with its activity's name (the activity cart names its lines). */
export { existing as existingDmcRecord, tourOptionViews } from './masters.ts';
/** The cities the DMC sells in (the activities landing). */
export { allCities } from './masters.ts';
/** Hotel lines priced from the hotels' contracts, and the allotment rooms a vouchered quotation holds (kart Lambda). */
export { allotmentWrites, priceContractStays, type StayLine } from './hotel-stays.ts';
/** The master data and hotel contract exports, for the exports worker. */
export { dmcDataExport } from './data.ts';
export { hotelContractExport } from './hotel-contracts.ts';
