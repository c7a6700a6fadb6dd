/**
 * Who the audit log names for demo data the seed writes through the services (lib/audit.ts needs an actor):
 * the site's own setup, not a person.
 */
import type { Principal } from '../../functions/src/lib/principal.ts';
import type { SiteRecord } from '../../functions/src/lib/tenancy.ts';

export const seedPrincipal = (site: Pick<SiteRecord, 'siteId' | 'domain'>): Principal => ({
  userId: 'seed',
  siteId: site.siteId,
  userType: 'staff',
  isSuperAdmin: true,
  isBlocked: false,
  legalEntityId: '',
  email: `setup@${site.domain}`,
  rbacUserGroupId: null,
  record: { firstName: 'Demo', lastName: 'setup' },
});
