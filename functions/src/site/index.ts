/**
 * The site domain's public entry: saving a site (its html sanitised), the policy page titles, and the
 * record-level reads and audited writes the staff settings Lambda (functions/src/settings) uses.
 */
export {
  getPolicy,
  getSiteFresh,
  listPolicies,
  newSiteItems,
  putPolicy,
  putSite,
  updateSite,
  type PolicyRecord,
} from './repo.ts';
export { POLICY_TITLES, defaultPolicyHtml } from './service.ts';
export { sanitizeSiteHtml } from './sanitize.ts';
export { pageSecurityHeaders, renderSitePage } from './page-html.ts';
