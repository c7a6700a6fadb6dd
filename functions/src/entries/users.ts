/**
 * The users Lambda: accounts and customers; the customer views show markup's group and suppliers' TDS setting; the
 * staff screen writes rbac's permission groups.
 */
import { domainHandler, onDemand } from '#lib/http';
import { operations as bind, type UsersWiring } from '../users/bindings.ts';

const markup = onDemand(() => import('../markup/index.ts'));
const suppliers = onDemand(() => import('../suppliers/index.ts'));
const rbac = onDemand(() => import('../rbac/index.ts'));

export const wiring: UsersWiring = {
  legalEntityGroup: async (site, leId) => (await markup()).legalEntityGroup(site, leId),
  isTdsDeductable: async (siteId, leId) => (await suppliers()).isTdsDeductable(siteId, leId),
  staffGroups: {
    group: async (siteId, groupId) => (await rbac()).staffGroups.group(siteId, groupId),
    join: async (siteId, groupId, userId) => (await rbac()).staffGroups.join(siteId, groupId, userId),
    leave: async (siteId, groupId, userId) => (await rbac()).staffGroups.leave(siteId, groupId, userId),
  },
  assignGroup: async (scope, input) => (await rbac()).assignUser(scope, input),
};

export const operations = bind(wiring);
export const handler = domainHandler(operations, { sends: ['EMAIL_QUEUE_URL'] });
