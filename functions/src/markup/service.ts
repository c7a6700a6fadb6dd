/**
 * Customer groups (LE groups): the site owner sorts customers' and API consumers' legal entities into
 * groups, one of them the default; markups and discounts are set per group.
 */
import { GROUP_MSG, type TLeGroup } from '@tp/contracts/endpoints/groups';
import { newId } from '#lib/crypto';
import { auditActor, auditPut, recordChange } from '#lib/audit';
import { fail } from '#lib/errors';
import type { Principal } from '#lib/principal';
import type { SiteRecord } from '#lib/tenancy';
import * as customers from '../users/records.ts';
import * as repo from './repo.ts';
import type { LeGroupRecord } from './repo.ts';
import type { SiteId } from '#lib/keys';
import * as api from '@tp/contracts/endpoints/groups';
import * as MSG from '@tp/contracts/messages';
import { answers, reply } from '#lib/answers';

export interface MarkupDeps {
  repo: typeof repo;
  customers: Pick<typeof customers, 'getLegalEntity' | 'legalEntityUserIds' | 'userFieldsOp' | 'applyUserUpdate'>;
}
export const defaultDeps: MarkupDeps = { repo, customers };

export interface Scope {
  site: SiteRecord;
  now: Date;
  /** Who acts, for the audit entry of a change; reads need none. */
  principal?: Principal;
}

/** A change's audit entry when a person makes it (lib/audit.ts). */
const audited = (scope: Scope, entity: string, id: string, before: object | null, after: object | null) =>
  scope.principal
    ? auditPut(scope.site.siteId, recordChange(entity, id, before, after), auditActor(scope.principal), scope.now)
    : undefined;

const view = (g: LeGroupRecord, defaultId: string | null): TLeGroup => ({
  id: g.groupId,
  groupName: g.groupName,
  isDefault: g.groupId === defaultId,
});

async function requireGroup(siteId: SiteId, groupId: string, deps: MarkupDeps): Promise<LeGroupRecord> {
  const group = await deps.repo.getGroup(siteId, groupId);
  if (!group) throw fail.notFound();
  return group;
}

const nameTaken = () => fail.conflict(GROUP_MSG.groupNameTaken, { groupName: GROUP_MSG.groupNameTaken });

export async function listGroups({ site }: Scope, deps: MarkupDeps = defaultDeps): Promise<TLeGroup[]> {
  const [groups, defaultId] = await Promise.all([
    deps.repo.listGroups(site.siteId),
    deps.repo.defaultGroupId(site.siteId, site.ownerLegalEntityId),
  ]);
  return groups.map((g) => view(g, defaultId));
}

/**
 * Creates a group, or renames one. A rename is copied onto the user items that show the group in the
 * customer list; that copy follows the rename (not in its transaction), and never overwrites a user
 * who was moved to another group meanwhile.
 */
export async function saveGroup(
  scope: Scope,
  input: { id?: string | undefined; groupName: string },
  deps: MarkupDeps = defaultDeps,
): Promise<TLeGroup> {
  const { site, now } = scope;
  const defaultId = await deps.repo.defaultGroupId(site.siteId, site.ownerLegalEntityId);
  if (!input.id) {
    const group: LeGroupRecord = {
      siteId: site.siteId,
      groupId: newId(),
      groupName: input.groupName,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    };
    const written = await deps.repo.createGroup(group, audited(scope, 'leGroup', group.groupId, null, group));
    if (!written.ok) throw nameTaken();
    return view(group, defaultId);
  }
  const prev = await requireGroup(site.siteId, input.id, deps);
  const next = { ...prev, groupName: input.groupName, updatedAt: now.toISOString() };
  const written = await deps.repo.renameGroup(prev, next, audited(scope, 'leGroup', next.groupId, prev, next));
  if (!written.ok) throw written.taken.includes('group') ? fail.notFound() : nameTaken();
  if (prev.groupName !== next.groupName) await copyNameToUsers(site.siteId, next, deps);
  return view(next, defaultId);
}

async function copyNameToUsers(siteId: SiteId, group: LeGroupRecord, deps: MarkupDeps): Promise<void> {
  for (const leId of await deps.repo.groupLegalEntityIds(siteId, group.groupId))
    for (const userId of await deps.customers.legalEntityUserIds(siteId, leId))
      await deps.customers.applyUserUpdate(
        deps.customers.userFieldsOp(siteId, userId, { leGroupName: group.groupName }, [], {
          field: 'leGroupId',
          equals: group.groupId,
        }),
      );
}

export async function setDefaultGroup(
  scope: Scope,
  groupId: string,
  deps: MarkupDeps = defaultDeps,
): Promise<TLeGroup> {
  const { site, now } = scope;
  const group = await requireGroup(site.siteId, groupId, deps);
  const was = await deps.repo.defaultGroupId(site.siteId, site.ownerLegalEntityId);
  // The site's default customer group, as the owner's legal entity holds it.
  const audit =
    was === groupId
      ? undefined
      : audited(scope, 'defaultLeGroup', site.ownerLegalEntityId, { defaultGroupId: was }, { defaultGroupId: groupId });
  const written = await deps.repo.setDefaultGroup(site.siteId, site.ownerLegalEntityId, groupId, now, audit);
  if (!written.ok) throw fail.notFound();
  return view(group, groupId);
}

/**
 * The users of a legal entity this site may group: a customer's, or an API consumer's (whose partner
 * account on this site the supplier relationship opened, so it is a legal entity of this site too).
 */
async function groupableUsers(site: SiteRecord, leId: string, deps: MarkupDeps): Promise<string[]> {
  if (leId === site.ownerLegalEntityId)
    throw fail.validation(GROUP_MSG.ownLegalEntity, { LEId: GROUP_MSG.ownLegalEntity });
  if (!(await deps.customers.getLegalEntity(site.siteId, leId))) throw fail.notFound();
  return deps.customers.legalEntityUserIds(site.siteId, leId);
}

export async function mapLegalEntity(
  scope: Scope,
  input: { groupId: string; LEId: string },
  deps: MarkupDeps = defaultDeps,
): Promise<{ LEId: string; groupId: string; groupName: string }> {
  const { site } = scope;
  const group = await requireGroup(site.siteId, input.groupId, deps);
  const userIds = await groupableUsers(site, input.LEId, deps);
  // The customer's pricing group before and after: a markup change for that customer.
  const was = scope.principal ? await deps.repo.getRelation(site.siteId, input.LEId) : null;
  const wasGroup = was?.groupId ? await deps.repo.getGroup(site.siteId, was.groupId) : null;
  const audit = audited(
    scope,
    'leGroupMapping',
    input.LEId,
    { groupId: wasGroup?.groupId ?? null, groupName: wasGroup?.groupName ?? null },
    { groupId: group.groupId, groupName: group.groupName },
  );
  const userOps = userIds.map((userId) =>
    deps.customers.userFieldsOp(site.siteId, userId, { leGroupId: group.groupId, leGroupName: group.groupName }),
  );
  const written = await deps.repo.mapLegalEntity(site.siteId, input.LEId, group.groupId, userOps, audit);
  if (!written.ok) throw fail.notFound();
  return { LEId: input.LEId, groupId: group.groupId, groupName: group.groupName };
}

export async function consumerMapping(
  scope: Scope,
  consumerLEId: string,
  deps: MarkupDeps = defaultDeps,
): Promise<{ groups: TLeGroup[]; mappedGroupId: string | null; defaultGroupId: string | null }> {
  if (!(await deps.customers.getLegalEntity(scope.site.siteId, consumerLEId))) throw fail.notFound();
  const [groups, relation] = await Promise.all([
    listGroups(scope, deps),
    deps.repo.getRelation(scope.site.siteId, consumerLEId),
  ]);
  return {
    groups,
    mappedGroupId: relation?.groupId ?? null,
    defaultGroupId: groups.find((g) => g.isDefault)?.id ?? null,
  };
}

export interface LegalEntityGroup {
  groupId: string;
  groupName: string;
  isDefault: boolean;
  /** False when no group is mapped and the default applies. */
  isMapped: boolean;
}

/** The group whose markups apply to a legal entity: the mapped one, else the default (null when neither exists). */
export async function legalEntityGroup(
  site: SiteRecord,
  leId: string,
  deps: MarkupDeps = defaultDeps,
): Promise<LegalEntityGroup | null> {
  const [relation, defaultId] = await Promise.all([
    deps.repo.getRelation(site.siteId, leId),
    deps.repo.defaultGroupId(site.siteId, site.ownerLegalEntityId),
  ]);
  const mapped = relation?.groupId ? await deps.repo.getGroup(site.siteId, relation.groupId) : null;
  const group = mapped ?? (defaultId ? await deps.repo.getGroup(site.siteId, defaultId) : null);
  return group
    ? {
        groupId: group.groupId,
        groupName: group.groupName,
        isDefault: group.groupId === defaultId,
        isMapped: group === mapped,
      }
    : null;
}

// The markup Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerGetLeGroups = answers(api.getLeGroups, (_input, scope) => listGroups(scope));
export const answerSaveLeGroup = answers(api.saveLeGroup, async (input, scope) =>
  reply(await saveGroup(scope, input), { message: MSG.groupSaved }),
);
export const answerSetDefaultLeGroup = answers(api.setDefaultLeGroup, async (input, scope) =>
  reply(await setDefaultGroup(scope, input.groupId), { message: MSG.groupSetDefault }),
);
export const answerMapLegalEntityToGroup = answers(api.mapLegalEntityToGroup, async (input, scope) =>
  reply(await mapLegalEntity(scope, input), { message: MSG.groupChanged }),
);
export const answerGetConsumerGroupMapping = answers(api.getConsumerGroupMapping, (input, scope) =>
  consumerMapping(scope, input.consumerLEId),
);
