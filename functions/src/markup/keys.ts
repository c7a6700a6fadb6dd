/**
 * Keys of customer groups and their markup rules. A rule lives under its id; a group's rules are read in
 * one query (gsi1, pricing on every search), a kind's across groups (gsi2).
 */
import { nameKey, part, sitePk, type Key, type SiteId } from '#lib/keys';

/**
 * The site owner's relation to a customer's or API consumer's legal entity: its customer group and
 * relation config (the suppliers domain keeps the TDS switch on it, through index.ts). Lives under the
 * legal entity's partition in the owner's site, even when the legal entity belongs to a consumer site.
 */
export const leRelationKey = (siteId: SiteId, leId: string): Key => ({
  pk: sitePk(siteId, 'LE', leId),
  sk: 'RELATION',
});

export const markupKeys = {
  /** Customer group (LE group) of the site owner; listed by name (gsi1). */
  leGroup: (siteId: SiteId, groupId: string): Key => ({ pk: sitePk(siteId, 'LEGROUP', groupId), sk: 'GROUP' }),
  leGroupsIndex: (siteId: SiteId, groupName: string, groupId: string) => ({
    gsi1pk: sitePk(siteId, 'LEGROUPS'),
    gsi1sk: `${nameKey(groupName)}#${part(groupId)}`,
  }),
  leGroupsPk: (siteId: SiteId) => sitePk(siteId, 'LEGROUPS'),
  /** Unique customer-group name per site (case-insensitive). */
  leGroupName: (siteId: SiteId, groupName: string): Key => ({
    pk: sitePk(siteId, 'LEGROUPNAME', nameKey(groupName)),
    sk: 'UNIQUE',
  }),
  leRelation: leRelationKey,
  /** Legal entities mapped to a customer group (gsi1 on the relation item). */
  leGroupMembersIndex: (siteId: SiteId, groupId: string, leId: string) => ({
    gsi1pk: sitePk(siteId, 'LEGROUP', groupId, 'LES'),
    gsi1sk: part(leId),
  }),
  leGroupMembersPk: (siteId: SiteId, groupId: string) => sitePk(siteId, 'LEGROUP', groupId, 'LES'),

  markupRule: (siteId: SiteId, markupId: string): Key => ({ pk: sitePk(siteId, 'MARKUP', markupId), sk: 'RULE' }),
  markupsOfGroupIndex: (siteId: SiteId, groupId: string, kind: string, slot: string) => ({
    gsi1pk: sitePk(siteId, 'LEGROUP', groupId, 'MARKUPS'),
    gsi1sk: `${part(kind)}#${part(slot)}`,
  }),
  markupsOfGroupPk: (siteId: SiteId, groupId: string) => sitePk(siteId, 'LEGROUP', groupId, 'MARKUPS'),
  markupsOfKindIndex: (siteId: SiteId, kind: string, groupId: string, slot: string) => ({
    gsi2pk: sitePk(siteId, 'MARKUPS', kind),
    gsi2sk: `${part(groupId)}#${part(slot)}`,
  }),
  markupsOfKindPk: (siteId: SiteId, kind: string) => sitePk(siteId, 'MARKUPS', kind),
  /** One rule per group and slot (the default; an airline; a sector): holds the rule's id. */
  markupSlot: (siteId: SiteId, groupId: string, kind: string, slot: string): Key => ({
    pk: sitePk(siteId, 'LEGROUP', groupId, 'MARKUPSLOT', kind, slot),
    sk: 'UNIQUE',
  }),
};
