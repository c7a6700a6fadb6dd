/** Keys of the go-live records: one per domain of a site, in the site's partition. */
import { part, sitePk, type Key, type SiteId } from '#lib/keys';

export const GO_LIVE_SK = 'GOLIVE#';

export const goLiveKeys = {
  domain: (siteId: SiteId, domain: string): Key => ({ pk: sitePk(siteId), sk: `${GO_LIVE_SK}${part(domain)}` }),
};
