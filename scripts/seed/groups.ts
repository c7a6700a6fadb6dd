/**
 * Demo customer groups of every demo site, made through the markup service: 'Default' (the default),
 * 'B2B Gold' with the demo agent and 'Retail Saver' with the demo retail customer; the other demo
 * customers stay unmapped and show 'Default Group Applicable'.
 */
import * as markup from '../../functions/src/markup/service.ts';
import { getUser, userIdByEmail } from '../../functions/src/users/repo.ts';
import { demoEmail } from './logins.ts';
import { DEMO_SITES } from './sites.ts';

export const DEMO_GROUPS = ['Default', 'B2B Gold', 'Retail Saver'] as const;
const MAPPED: { local: string; group: (typeof DEMO_GROUPS)[number] }[] = [
  { local: 'agent', group: 'B2B Gold' },
  { local: 'retail', group: 'Retail Saver' },
];

/** Idempotent: existing groups, an existing default and existing mappings are left as they are. */
export async function seedGroups(): Promise<void> {
  const now = new Date();
  for (const site of DEMO_SITES) {
    const scope = { site, now };
    const existing = await markup.listGroups(scope);
    const ids = new Map(existing.map((g) => [g.groupName, g.id]));
    for (const name of DEMO_GROUPS)
      if (!ids.has(name)) ids.set(name, (await markup.saveGroup(scope, { groupName: name })).id);
    if (!existing.some((g) => g.isDefault)) await markup.setDefaultGroup(scope, ids.get('Default')!);
    for (const { local, group } of MAPPED) {
      const userId = await userIdByEmail(site.siteId, demoEmail({ local }, site.domain));
      const user = userId ? await getUser(site.siteId, userId) : null;
      if (user && !user.leGroupId)
        await markup.mapLegalEntity(scope, { groupId: ids.get(group)!, LEId: user.legalEntityId });
    }
  }
}
