/**
 * Demo permission groups of every demo site, made through the RBAC service: 'Ticketing desk' (booking and the
 * queues of the Flights module, without the Excel export) and 'Accounts' (the Wallet module). Partner Holidays' demo staff member works the
 * ticketing desk. Flight Deals' staff member keeps the default staff permissions: the supplier demo
 * (and its tests) show a plain staff member looking at API consumers, which the desk may not.
 */
import type { TModuleEdit } from '@tp/contracts/endpoints/rbac';
import * as rbac from '../../functions/src/rbac/service.ts';
import { getUser, userIdByEmail } from '../../functions/src/users/repo.ts';
import { demoEmail } from './logins.ts';
import { DEMO_SITES } from './sites.ts';
import { seedPrincipal } from './actor.ts';

const on = (moduleName: string): TModuleEdit => ({ moduleName, isActive: true, groups: [] });

export const DEMO_RBAC_GROUPS: { groupName: string; modules: TModuleEdit[] }[] = [
  // A desk narrower than the staff defaults: no Excel, no markups or flight settings (a group narrows them).
  {
    groupName: 'Ticketing desk',
    modules: [
      {
        moduleName: 'Flights',
        groups: [
          { name: 'Booking', isActive: true, permissions: [] },
          {
            name: 'Queues',
            isActive: true,
            // The desk brings in bookings made elsewhere (PNR import), which the staff defaults leave out.
            permissions: [
              { key: 'flights.exportExcel', isActive: false },
              { key: 'flights.importPnr', isActive: true },
            ],
          },
        ],
      },
    ],
  },
  { groupName: 'Accounts', modules: [on('Wallet')] },
];
const DESK_STAFF_SITES = ['site-partner'];

/** Idempotent: existing groups and memberships are left as they are. */
export async function seedRbac(): Promise<void> {
  const now = new Date();
  for (const site of DEMO_SITES) {
    const scope = { site, now, principal: seedPrincipal(site) };
    const ids = new Map((await rbac.listGroups(site.siteId)).map((g) => [g.groupName, g.id]));
    for (const g of DEMO_RBAC_GROUPS)
      if (!ids.has(g.groupName)) ids.set(g.groupName, (await rbac.storeGroup(scope, g)).id);
    if (!DESK_STAFF_SITES.includes(site.siteId)) continue;
    const userId = await userIdByEmail(site.siteId, demoEmail({ local: 'staff' }, site.domain));
    const user = userId ? await getUser(site.siteId, userId) : null;
    if (user && !user.rbacUserGroupId)
      await rbac.assignUser(scope, { userId: user.userId, userGroupId: ids.get('Ticketing desk')! });
  }
}
