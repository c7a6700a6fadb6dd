/** The site domain's public entry: saving a site (its html sanitised) and the policy page titles. */
export { putSite } from './repo.ts';
export { POLICY_TITLES } from './service.ts';
export { sanitizeSiteHtml } from './sanitize.ts';
