import { detectSite, getPolicyPage } from '@tp/contracts/endpoints/site';
import { domainHandler, operation } from '#lib/http';
import * as site from './service.ts';

export const operations = [
  operation(detectSite, (input) => site.detect(input.domain)),
  operation(getPolicyPage, async (input, scope) => site.policyPage(scope.site, input.page)),
];

export const handler = domainHandler(operations);
