/** The users Lambda: accounts and customers; the customer views show markup's group and suppliers' TDS setting. */
import { domainHandler, onDemand } from '#lib/http';
import { operations as bind, type UsersWiring } from '../users/bindings.ts';

const markup = onDemand(() => import('../markup/index.ts'));
const suppliers = onDemand(() => import('../suppliers/index.ts'));

export const wiring: UsersWiring = {
  legalEntityGroup: async (site, leId) => (await markup()).legalEntityGroup(site, leId),
  isTdsDeductable: async (siteId, leId) => (await suppliers()).isTdsDeductable(siteId, leId),
};

export const operations = bind(wiring);
export const handler = domainHandler(operations, { sends: ['EMAIL_QUEUE_URL'] });
