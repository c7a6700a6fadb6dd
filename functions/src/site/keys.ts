/** Keys of the site domain (the site record itself is a platform key: lib/keys.ts). */
import { part, sitePk, type Key, type SiteId } from '#lib/keys';

export const siteKeys = {
  policyPage: (siteId: SiteId, page: string): Key => ({ pk: sitePk(siteId), sk: `POLICY#${part(page)}` }),
};
