/**
 * The visa Lambda (issue #15 item 3): the public visa pages' reads and the staff maintenance of countries,
 * categories and checklists. docs/visas.md.
 */
import * as api from '@tp/contracts/endpoints/visa';
import { VISA_MSG } from '@tp/contracts/endpoints/visa';
import { domainHandler, operation, reply, type Operation } from '#lib/http';
import * as visas from './visas.ts';

export const operations: Operation[] = [
  operation(api.getVisaCountries, (_input, scope) => visas.visaCountries(scope)),
  operation(api.getVisaCategory, (input, scope) => visas.visaCategories(scope, input.countryName)),
  operation(api.getVisaChecklist, (input, scope) => visas.visaChecklists(scope, input.categoryId)),
  operation(api.saveVisaCountry, async (input, scope) =>
    reply(await visas.saveCountry(scope, input), { message: VISA_MSG.countrySaved }),
  ),
  operation(api.deleteVisaCountry, async (input, scope) =>
    reply(await visas.deleteCountry(scope, input.id), { message: VISA_MSG.countryDeleted }),
  ),
  operation(api.saveVisaCategory, async (input, scope) =>
    reply(await visas.saveCategory(scope, input), { message: VISA_MSG.categorySaved }),
  ),
  operation(api.deleteVisaCategory, async (input, scope) =>
    reply(await visas.deleteCategory(scope, input.id), { message: VISA_MSG.categoryDeleted }),
  ),
  operation(api.saveVisaChecklist, async (input, scope) =>
    reply(await visas.saveChecklist(scope, input), { message: VISA_MSG.checklistSaved }),
  ),
  operation(api.deleteVisaChecklist, async (input, scope) =>
    reply(await visas.deleteChecklist(scope, input), { message: VISA_MSG.checklistDeleted }),
  ),
];

export const handler = domainHandler(operations);
