/** Customer groups (LE groups): an owner legal entity sorts its customers and consumers into groups (spec 001 §7). */
import * as z from 'zod/mini';
import { endpoint } from '../endpoint.ts';
import { zEmpty } from '../common.ts';
import { zId, zName } from '../fields.ts';
import { lazy } from '../lazy.ts';
import { zOptionalId } from './customers.ts';

export const GROUP_MSG = {
  groupNameTaken: 'A group with this name already exists',
  groupNameTooLong: 'Group name must be at most 60 characters',
  ownLegalEntity: "The site's own legal entity cannot be put in a customer group",
} as const;

export const ZLeGroup = lazy(() =>
  z.object({
    id: z.string(),
    groupName: z.string(),
    /** The site owner's default group (shown with a 'Default' marker). */
    isDefault: z.boolean(),
  }),
);
export type TLeGroup = z.infer<typeof ZLeGroup>;

export const ZSaveLeGroup = lazy(() =>
  z.object({
    /** Absent: create; present: rename. */
    id: zOptionalId(),
    groupName: zName({ max: 60, tooLong: GROUP_MSG.groupNameTooLong }),
  }),
);

export const ZLeGroupRef = lazy(() => z.object({ groupId: zId() }));

export const ZMapLegalEntity = lazy(() => z.object({ groupId: zId(), LEId: zId() }));

export const ZLegalEntityMapping = lazy(() =>
  z.object({ LEId: z.string(), groupId: z.string(), groupName: z.string() }),
);

export const ZConsumerGroupMapping = lazy(() =>
  z.object({
    groups: z.array(ZLeGroup),
    mappedGroupId: z.nullable(z.string()),
    defaultGroupId: z.nullable(z.string()),
  }),
);

// Customer groups (LE groups) of the site owner (spec 001 §7 "Markup and discount", spec 000 §2).

export const getLeGroups = endpoint({
  id: 'markup.getLeGroups',
  api: 'site',
  method: 'GET',
  path: 'markupDiscount/LEGroupsForWl',
  domain: 'markup',
  auth: 'staff',
  permission: 'customers.view',
  request: zEmpty,
  response: lazy(() => z.array(ZLeGroup)),
  summary: 'Customer groups of the site by name, the default one marked.',
});

export const saveLeGroup = endpoint({
  id: 'markup.saveLeGroup',
  api: 'site',
  method: 'POST',
  path: 'markupDiscount/LEGroupsForWl',
  domain: 'markup',
  auth: 'staff',
  permission: 'customers.changeGroup',
  request: ZSaveLeGroup,
  response: ZLeGroup,
  summary: 'Creates a customer group, or renames one (names are unique per site).',
});

export const setDefaultLeGroup = endpoint({
  id: 'markup.setDefaultLeGroup',
  api: 'site',
  method: 'POST',
  path: 'markupDiscount/setDefaultLEGroup',
  domain: 'markup',
  auth: 'staff',
  permission: 'customers.changeGroup',
  request: ZLeGroupRef,
  response: ZLeGroup,
  summary: "Makes a group the default of the site owner's legal entity.",
});

export const mapLegalEntityToGroup = endpoint({
  id: 'markup.mapLegalEntityToGroup',
  api: 'site',
  method: 'POST',
  path: 'markupDiscount/mapLEIdWithLEGroupId',
  domain: 'markup',
  auth: 'staff',
  permission: 'customers.changeGroup',
  request: ZMapLegalEntity,
  response: ZLegalEntityMapping,
  summary: "Puts a customer's or API consumer's legal entity in a customer group.",
});

export const getConsumerGroupMapping = endpoint({
  id: 'markup.getConsumerGroupMapping',
  api: 'site',
  method: 'GET',
  path: 'markupDiscount/getConsumerLEIdGroupMappingWithOwnerLEGroups',
  domain: 'markup',
  auth: 'staff',
  permission: 'customers.view',
  request: lazy(() => z.object({ consumerLEId: zId() })),
  response: ZConsumerGroupMapping,
  summary: "The owner's groups with the group a legal entity is mapped to and the default group.",
});

export const groupsEndpoints = [
  getLeGroups,
  saveLeGroup,
  setDefaultLeGroup,
  mapLegalEntityToGroup,
  getConsumerGroupMapping,
];
