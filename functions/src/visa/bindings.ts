/**
 * The visa Lambda: the public visa pages' reads and the staff maintenance of countries,
 * categories and checklists. docs/visas.md.
 */
import * as api from '@tp/contracts/endpoints/visa';
import { VISA_MSG } from '@tp/contracts/endpoints/visa';
import { operation, reply, type Operation, onDemand } from '#lib/http';
import { answered } from './answered.generated.ts';
const visas = onDemand(() => import('./visas.ts'));

export const operations: Operation[] = [
  ...answered(),
  operation(api.getVisaCountries, async (_input, scope) => (await visas()).visaCountries(scope)),
  operation(api.getVisaCategory, async (input, scope) => (await visas()).visaCategories(scope, input.countryName)),
  operation(api.getVisaChecklist, async (input, scope) => (await visas()).visaChecklists(scope, input.categoryId)),
  operation(api.saveVisaCountry, async (input, scope) =>
    reply(await (await visas()).saveCountry(scope, input), { message: VISA_MSG.countrySaved }),
  ),
  operation(api.deleteVisaCountry, async (input, scope) =>
    reply(await (await visas()).deleteCountry(scope, input.id), { message: VISA_MSG.countryDeleted }),
  ),
  operation(api.saveVisaCategory, async (input, scope) =>
    reply(await (await visas()).saveCategory(scope, input), { message: VISA_MSG.categorySaved }),
  ),
  operation(api.deleteVisaCategory, async (input, scope) =>
    reply(await (await visas()).deleteCategory(scope, input.id), { message: VISA_MSG.categoryDeleted }),
  ),
  operation(api.saveVisaChecklist, async (input, scope) =>
    reply(await (await visas()).saveChecklist(scope, input), { message: VISA_MSG.checklistSaved }),
  ),
  operation(api.deleteVisaChecklist, async (input, scope) =>
    reply(await (await visas()).deleteChecklist(scope, input), { message: VISA_MSG.checklistDeleted }),
  ),
];
