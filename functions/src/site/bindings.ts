import { detectSite, getPolicyPage } from '@tp/contracts/endpoints/site';
import { operation, onDemand } from '#lib/http';
const site = onDemand(() => import('./service.ts'));

export const operations = [
  operation(detectSite, async (input) => (await site()).detect(input.domain)),
  operation(getPolicyPage, async (input, scope) => (await site()).policyPage(scope.site, input.page)),
];
