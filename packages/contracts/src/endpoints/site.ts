import * as z from 'zod/mini';
import { endpoint } from '../endpoint.ts';
import { ZPolicyPage, ZSiteDetails, POLICY_PAGES } from '../site.ts';
import { zDomain } from '../fields.ts';
import { lazy } from '../lazy.ts';

export const detectSite = endpoint({
  id: 'site.detect',
  api: 'site',
  method: 'POST',
  path: 'whitelabel/detetct',
  domain: 'site',
  auth: 'public',
  request: lazy(() => z.object({ domain: zDomain() })),
  response: ZSiteDetails,
  summary: 'Site branding for a domain (path spelled as in the spec).',
});

/** Our own call (the spec shows the policy screens, not how they load): per-site policy html. */
export const getPolicyPage = endpoint({
  id: 'site.policyPage',
  api: 'site',
  method: 'GET',
  path: 'whitelabel/getPolicyPage',
  domain: 'site',
  auth: 'public',
  request: lazy(() => z.object({ page: z.enum(POLICY_PAGES, { error: 'Unknown page' }) })),
  response: ZPolicyPage,
  summary: 'Policy page content of the calling site.',
});

export const siteEndpoints = [detectSite, getPolicyPage];
