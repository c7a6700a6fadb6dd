/**
 * The DMC back office Lambda (spec 001 §2–§9; docs/dmc.md): markets, masters, rates and their
 * priority, stop-sales, pricing through the rate engine, combos, data management and the audit trail.
 */
import * as api from '@tp/contracts/endpoints/dmc';
import { DMC_MSG } from '@tp/contracts/endpoints/dmc';
import * as MSG from '@tp/contracts/messages';
import { operation, reply, type Operation, onDemand } from '#lib/http';
import { answered } from './answered.generated.ts';
const combos = onDemand(() => import('./combos.ts'));
const data = onDemand(() => import('./data.ts'));
const exchangeRates = onDemand(() => import('./exchange-rates.ts'));
const markets = onDemand(() => import('./markets.ts'));
const masters = onDemand(() => import('./masters.ts'));
const pricing = onDemand(() => import('./pricing.ts'));
const rates = onDemand(() => import('./rates.ts'));

export const operations: Operation[] = [
  // Markets
  operation(api.createNewMarket, async (input, scope) =>
    reply(await (await markets()).saveMarket(scope, input), { message: DMC_MSG.marketSaved }),
  ),
  operation(api.searchMarket, async (input, scope) => (await markets()).searchMarkets(scope, input)),
  operation(api.getDefaultMarketOptions, async (input, scope) => (await markets()).defaultMarketOptions(scope, input)),
  operation(api.updateMarketForCustomer, async (input, scope) =>
    reply(await (await markets()).setCustomerMarket(scope, input), { message: DMC_MSG.customerMarketSaved }),
  ),

  // Masters
  operation(api.getAccomodation, async (input, scope) => (await masters()).listAccommodations(scope, input)),
  operation(api.createNewAccomodation, async (input, scope) =>
    reply(await (await masters()).saveAccommodation(scope, input), { message: DMC_MSG.accommodationSaved }),
  ),
  operation(api.saveActivity, async (input, scope) =>
    reply(await (await masters()).saveActivity(scope, input), { message: MSG.activitySaved }),
  ),
  operation(api.getActivities, async (input, scope) => (await masters()).listActivities(scope, input)),
  operation(api.fetchActivities, async (input, scope) =>
    (await masters()).activitiesOfCity(scope, input.cityId, input),
  ),
  operation(api.updateActivityPriority, async (input, scope) =>
    reply(await (await masters()).setActivityPriority(scope, input), { message: MSG.activitySaved }),
  ),
  operation(api.getAllCities, async (_input, scope) => (await masters()).allCities(scope)),
  operation(api.getTourOptions, async (input, scope) => (await masters()).listTourOptions(scope, input)),
  operation(api.saveTourOptions, async (input, scope) =>
    reply(await (await masters()).saveTourOption(scope, input), { message: DMC_MSG.tourOptionSaved }),
  ),
  operation(api.saveDriver, async (input, scope) =>
    reply(await (await masters()).saveDriver(scope, input), { message: DMC_MSG.driverSaved }),
  ),
  operation(api.getDrivers, async (input, scope) => (await masters()).listDrivers(scope, input)),
  operation(api.getLocationOptions, async (input, scope) => (await masters()).listLocations(scope, input)),
  operation(api.saveLocationOption, async (input, scope) =>
    reply(await (await masters()).saveLocation(scope, input), { message: DMC_MSG.locationSaved }),
  ),

  // Exchange rates
  operation(api.getExchangeRates, async (input, scope) => (await exchangeRates()).listExchangeRates(scope, input)),
  operation(api.saveExchangeRate, async (input, scope) =>
    reply(await (await exchangeRates()).saveExchangeRate(scope, input), { message: api.EXCHANGE_RATE_MSG.saved }),
  ),

  // Rates, priority, overlaps, stop-sales
  operation(api.saveActivityTicketRates, async (input, scope) =>
    reply(await (await rates()).saveTicketRate(scope, input), { message: DMC_MSG.rateSaved }),
  ),
  operation(api.getTourOptionTicketRates, async (input, scope) =>
    (await rates()).listRates(scope, 'ticketRate', input),
  ),
  operation(api.deleteTourOptionTicketRates, async (input, scope) =>
    reply(await (await rates()).deleteRate(scope, 'ticketRate', input.id), { message: DMC_MSG.rateDeleted }),
  ),
  operation(api.changeTourOptionTicketRatePriority, async (input, scope) =>
    reply(await (await rates()).reorderRates(scope, 'ticketRate', input), { message: DMC_MSG.priorityChanged }),
  ),
  operation(api.saveTourOptionTransferRates, async (input, scope) =>
    reply(await (await rates()).saveTransferRate(scope, input), { message: DMC_MSG.rateSaved }),
  ),
  operation(api.getTourOptionTransferRates, async (input, scope) =>
    (await rates()).listRates(scope, 'transferRate', input),
  ),
  operation(api.deleteTourOptionTransferRates, async (input, scope) =>
    reply(await (await rates()).deleteRate(scope, 'transferRate', input.id), { message: DMC_MSG.rateDeleted }),
  ),
  operation(api.changeTourOptionTransferRatePriority, async (input, scope) =>
    reply(await (await rates()).reorderRates(scope, 'transferRate', input), { message: DMC_MSG.priorityChanged }),
  ),
  operation(api.checkRateOverlaps, async (input, scope) => (await rates()).checkOverlaps(scope, input)),
  operation(api.saveStopSale, async (input, scope) =>
    reply(await (await rates()).saveStopSale(scope, input), { message: DMC_MSG.stopSaleSaved }),
  ),
  operation(api.getStopSales, async (input, scope) => (await rates()).listStopSales(scope, input.tourOptionId)),
  operation(api.deleteStopSale, async (input, scope) =>
    reply(await (await rates()).deleteStopSale(scope, input.id), { message: DMC_MSG.stopSaleDeleted }),
  ),

  // Pricing
  operation(api.getTourOptionPriceForQuotationBuilder, async (input, scope) =>
    (await pricing()).priceForQuotation(scope, input),
  ),
  operation(api.getTourOptionsByCity, async (input, scope) => (await pricing()).tourOptionsByCity(scope, input)),

  // Combos
  operation(api.createDmcCombo, async (input, scope) =>
    reply(await (await combos()).saveCombo(scope, input), { message: MSG.comboCreated }),
  ),
  operation(api.getCombos, async (input, scope) => (await combos()).listCombos(scope, input)),
  operation(api.getAllCombos, async (input, scope) => (await combos()).allCombos(scope, input)),

  // Data management and audit
  operation(api.getAllDmcData, async (_input, scope) => (await data()).overview(scope)),
  operation(api.exportDmcData, async (_input, scope) => (await data()).exportData(scope)),
  operation(api.importDmcData, async (input, scope) => {
    const out = await (await data()).importData(scope, input);
    return reply(out, { message: out.dryRun ? DMC_MSG.importChecked : DMC_MSG.imported });
  }),
  operation(api.getDmcAuditTrail, async (input, scope) => (await data()).auditTrailOf(scope, input)),
  // Answered beside their operations (docs/architecture.md "Adding an endpoint with its screen").
  ...answered(),
];
