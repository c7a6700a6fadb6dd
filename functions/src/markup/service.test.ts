import { describe, expect, it, vi } from 'vitest';
import { GROUP_MSG } from '@tp/contracts/endpoints/groups';
import type { SiteRecord } from '#lib/tenancy';
import type { TransactItem } from '#lib/db';
import type { LegalEntityRecord } from '../users/repo.ts';
import type { GroupWrite, LeGroupRecord } from './repo.ts';
import {
  consumerMapping,
  legalEntityGroup,
  listGroups,
  mapLegalEntity,
  saveGroup,
  setDefaultGroup,
  type MarkupDeps,
} from './service.ts';
import { caught } from '#lib/testing';
import { asSiteId } from '#lib/keys';

const site = { siteId: 's1', ownerLegalEntityId: 'le-owner' } as SiteRecord;
const scope = { site, now: new Date('2026-11-22T10:00:00Z') };

/** In-memory groups, relations and legal entities; user updates are recorded, not applied. */
function fakes() {
  const groups = new Map<string, LeGroupRecord>();
  const relations = new Map<string, string>();
  const les = new Map<string, string[]>([['le-a', ['u-a']]]);
  let defaultId: string | null = null;
  const mapped: { leId: string; groupId: string; userOps: TransactItem[] }[] = [];
  const userUpdates: TransactItem[] = [];
  const taken = (name: string, except?: string) =>
    [...groups.values()].some((g) => g.groupId !== except && g.groupName.toLowerCase() === name.toLowerCase());
  const deps: MarkupDeps = {
    repo: {
      listGroups: async () => [...groups.values()],
      getGroup: async (_s, id) => groups.get(id) ?? null,
      createGroup: async (g): Promise<GroupWrite> =>
        taken(g.groupName) ? { ok: false, taken: ['name'] } : (groups.set(g.groupId, g), { ok: true }),
      renameGroup: async (_p, g): Promise<GroupWrite> =>
        taken(g.groupName, g.groupId) ? { ok: false, taken: ['name'] } : (groups.set(g.groupId, g), { ok: true }),
      defaultGroupId: async () => defaultId,
      newSiteDefaultGroupItems: () => [],
      setDefaultGroup: async (_s, _o, id) => ((defaultId = id), { ok: true }),
      getRelation: async (_s, le) =>
        relations.has(le) ? { siteId: asSiteId('s1'), legalEntityId: le, groupId: relations.get(le)! } : null,
      mapLegalEntity: async (_s, leId, groupId, userOps) => (
        mapped.push({ leId, groupId, userOps }),
        relations.set(leId, groupId),
        { ok: true }
      ),
      groupLegalEntityIds: async (_s, groupId) =>
        [...relations.entries()].filter(([, g]) => g === groupId).map(([le]) => le),
    },
    customers: {
      getLegalEntity: async (_s, id) => (les.has(id) ? ({ legalEntityId: id } as LegalEntityRecord) : null),
      legalEntityUserIds: async (_s, id) => les.get(id) ?? [],
      userFieldsOp: (_s, userId, set, _remove, onlyIf) => ({
        Update: { TableName: 't', Key: { userId }, UpdateExpression: JSON.stringify({ set, onlyIf }) },
      }),
      applyUserUpdate: vi.fn(async (op: TransactItem) => (userUpdates.push(op), true)),
    },
  };
  return { deps, mapped, userUpdates };
}

describe('customer groups', () => {
  it('are created, renamed and listed with the default marked; names stay unique ignoring case', async () => {
    const f = fakes();
    const gold = await saveGroup(scope, { groupName: 'B2B Gold' }, f.deps);
    const saver = await saveGroup(scope, { groupName: 'Retail Saver' }, f.deps);
    await setDefaultGroup(scope, saver.id, f.deps);
    expect((await listGroups(scope, f.deps)).map((g) => [g.groupName, g.isDefault])).toEqual([
      ['B2B Gold', false],
      ['Retail Saver', true],
    ]);
    const dup = await caught(saveGroup(scope, { groupName: 'b2b gold' }, f.deps));
    expect([dup.status, dup.fields]).toEqual([409, { groupName: GROUP_MSG.groupNameTaken }]);
    expect(await saveGroup(scope, { id: gold.id, groupName: 'B2B Platinum' }, f.deps)).toMatchObject({
      id: gold.id,
      groupName: 'B2B Platinum',
    });
    expect((await caught(saveGroup(scope, { id: 'nope', groupName: 'X' }, f.deps))).status).toBe(404);
    expect((await caught(setDefaultGroup(scope, 'nope', f.deps))).status).toBe(404);
  });

  it("map a customer's legal entity, copying the group onto its users, and follow renames only where still mapped", async () => {
    const f = fakes();
    const gold = await saveGroup(scope, { groupName: 'B2B Gold' }, f.deps);
    expect(await mapLegalEntity(scope, { groupId: gold.id, LEId: 'le-a' }, f.deps)).toEqual({
      LEId: 'le-a',
      groupId: gold.id,
      groupName: 'B2B Gold',
    });
    expect(f.mapped[0]!.userOps.map((o) => JSON.parse(o.Update!.UpdateExpression!))).toEqual([
      { set: { leGroupId: gold.id, leGroupName: 'B2B Gold' } },
    ]);
    await saveGroup(scope, { id: gold.id, groupName: 'B2B Platinum' }, f.deps);
    expect(f.userUpdates.map((o) => JSON.parse(o.Update!.UpdateExpression!))).toEqual([
      { set: { leGroupName: 'B2B Platinum' }, onlyIf: { field: 'leGroupId', equals: gold.id } },
    ]);
  });

  it("refuse the site owner's own legal entity, unknown legal entities and unknown groups", async () => {
    const f = fakes();
    const g = await saveGroup(scope, { groupName: 'G' }, f.deps);
    const own = await caught(mapLegalEntity(scope, { groupId: g.id, LEId: 'le-owner' }, f.deps));
    expect([own.status, own.message]).toEqual([400, GROUP_MSG.ownLegalEntity]);
    expect((await caught(mapLegalEntity(scope, { groupId: g.id, LEId: 'le-nope' }, f.deps))).status).toBe(404);
    expect((await caught(mapLegalEntity(scope, { groupId: 'nope', LEId: 'le-a' }, f.deps))).status).toBe(404);
    expect(f.mapped).toEqual([]);
  });

  it('answer the mapped group, else the default, for a legal entity', async () => {
    const f = fakes();
    expect(await legalEntityGroup(site, 'le-a', f.deps)).toBeNull();
    const def = await saveGroup(scope, { groupName: 'Default' }, f.deps);
    await setDefaultGroup(scope, def.id, f.deps);
    expect(await legalEntityGroup(site, 'le-a', f.deps)).toEqual({
      groupId: def.id,
      groupName: 'Default',
      isDefault: true,
      isMapped: false,
    });
    const gold = await saveGroup(scope, { groupName: 'Gold' }, f.deps);
    await mapLegalEntity(scope, { groupId: gold.id, LEId: 'le-a' }, f.deps);
    expect(await legalEntityGroup(site, 'le-a', f.deps)).toEqual({
      groupId: gold.id,
      groupName: 'Gold',
      isDefault: false,
      isMapped: true,
    });
    expect(await consumerMapping(scope, 'le-a', f.deps)).toMatchObject({
      mappedGroupId: gold.id,
      defaultGroupId: def.id,
    });
  });
});
