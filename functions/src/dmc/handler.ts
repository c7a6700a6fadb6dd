/**
 * The DMC back office Lambda (spec 001 §2–§9, issue #13; docs/dmc.md): markets, masters, rates and their
 * priority, stop-sales, pricing through the rate engine, combos, data management and the audit trail.
 */
import * as api from '@tp/contracts/endpoints/dmc';
import { DMC_MSG } from '@tp/contracts/endpoints/dmc';
import { MSG } from '@tp/contracts/messages';
import { domainHandler, operation, reply, type Operation } from '#lib/http';
import * as combos from './combos.ts';
import * as data from './data.ts';
import * as markets from './markets.ts';
import * as masters from './masters.ts';
import * as pricing from './pricing.ts';
import * as rates from './rates.ts';

export const operations: Operation[] = [
  // Markets
  operation(api.createNewMarket, async (input, scope) =>
    reply(await markets.saveMarket(scope, input), { message: DMC_MSG.marketSaved }),
  ),
  operation(api.searchMarket, (input, scope) => markets.searchMarkets(scope, input)),
  operation(api.getDefaultMarketOptions, (input, scope) => markets.defaultMarketOptions(scope, input)),
  operation(api.updateMarketForCustomer, async (input, scope) =>
    reply(await markets.setCustomerMarket(scope, input), { message: DMC_MSG.customerMarketSaved }),
  ),

  // Masters
  operation(api.getAccomodation, (input, scope) => masters.listAccommodations(scope, input)),
  operation(api.createNewAccomodation, async (input, scope) =>
    reply(await masters.saveAccommodation(scope, input), { message: DMC_MSG.accommodationSaved }),
  ),
  operation(api.saveActivity, async (input, scope) =>
    reply(await masters.saveActivity(scope, input), { message: MSG.activitySaved }),
  ),
  operation(api.getActivities, (input, scope) => masters.listActivities(scope, input)),
  operation(api.fetchActivities, (input, scope) => masters.activitiesOfCity(scope, input.cityId, input)),
  operation(api.updateActivityPriority, async (input, scope) =>
    reply(await masters.setActivityPriority(scope, input), { message: MSG.activitySaved }),
  ),
  operation(api.getAllCities, (_input, scope) => masters.allCities(scope)),
  operation(api.getTourOptions, (input, scope) => masters.listTourOptions(scope, input)),
  operation(api.saveTourOptions, async (input, scope) =>
    reply(await masters.saveTourOption(scope, input), { message: DMC_MSG.tourOptionSaved }),
  ),
  operation(api.saveDriver, async (input, scope) =>
    reply(await masters.saveDriver(scope, input), { message: DMC_MSG.driverSaved }),
  ),
  operation(api.getDrivers, (input, scope) => masters.listDrivers(scope, input)),
  operation(api.getLocationOptions, (input, scope) => masters.listLocations(scope, input)),
  operation(api.saveLocationOption, async (input, scope) =>
    reply(await masters.saveLocation(scope, input), { message: DMC_MSG.locationSaved }),
  ),

  // Rates, priority, overlaps, stop-sales
  operation(api.saveActivityTicketRates, async (input, scope) =>
    reply(await rates.saveTicketRate(scope, input), { message: DMC_MSG.rateSaved }),
  ),
  operation(api.getTourOptionTicketRates, (input, scope) => rates.listRates(scope, 'ticketRate', input)),
  operation(api.deleteTourOptionTicketRates, async (input, scope) =>
    reply(await rates.deleteRate(scope, 'ticketRate', input.id), { message: DMC_MSG.rateDeleted }),
  ),
  operation(api.changeTourOptionTicketRatePriority, async (input, scope) =>
    reply(await rates.reorderRates(scope, 'ticketRate', input), { message: DMC_MSG.priorityChanged }),
  ),
  operation(api.saveTourOptionTransferRates, async (input, scope) =>
    reply(await rates.saveTransferRate(scope, input), { message: DMC_MSG.rateSaved }),
  ),
  operation(api.getTourOptionTransferRates, (input, scope) => rates.listRates(scope, 'transferRate', input)),
  operation(api.deleteTourOptionTransferRates, async (input, scope) =>
    reply(await rates.deleteRate(scope, 'transferRate', input.id), { message: DMC_MSG.rateDeleted }),
  ),
  operation(api.changeTourOptionTransferRatePriority, async (input, scope) =>
    reply(await rates.reorderRates(scope, 'transferRate', input), { message: DMC_MSG.priorityChanged }),
  ),
  operation(api.checkRateOverlaps, (input, scope) => rates.checkOverlaps(scope, input)),
  operation(api.saveStopSale, async (input, scope) =>
    reply(await rates.saveStopSale(scope, input), { message: DMC_MSG.stopSaleSaved }),
  ),
  operation(api.getStopSales, (input, scope) => rates.listStopSales(scope, input.tourOptionId)),
  operation(api.deleteStopSale, async (input, scope) =>
    reply(await rates.deleteStopSale(scope, input.id), { message: DMC_MSG.stopSaleDeleted }),
  ),

  // Pricing
  operation(api.getTourOptionPriceForQuotationBuilder, (input, scope) => pricing.priceForQuotation(scope, input)),
  operation(api.getTourOptionsByCity, (input, scope) => pricing.tourOptionsByCity(scope, input)),

  // Combos
  operation(api.createDmcCombo, async (input, scope) =>
    reply(await combos.saveCombo(scope, input), { message: MSG.comboCreated }),
  ),
  operation(api.getCombos, (input, scope) => combos.listCombos(scope, input)),
  operation(api.getAllCombos, (input, scope) => combos.allCombos(scope, input)),

  // Data management and audit
  operation(api.getAllDmcData, (_input, scope) => data.overview(scope)),
  operation(api.exportDmcData, (_input, scope) => data.exportData(scope)),
  operation(api.importDmcData, async (input, scope) => {
    const out = await data.importData(scope, input);
    return reply(out, { message: out.dryRun ? DMC_MSG.importChecked : DMC_MSG.imported });
  }),
  operation(api.getDmcAuditTrail, (input, scope) => data.auditTrailOf(scope, input)),
];

export const handler = domainHandler(operations);
