import * as z from 'zod/mini';
import { endpoint } from '../endpoint.ts';
import { zEmpty } from '../common.ts';
import { zId } from '../fields.ts';
import {
  ZConsumerGroupMapping,
  ZLeGroup,
  ZLeGroupRef,
  ZLegalEntityMapping,
  ZMapLegalEntity,
  ZSaveLeGroup,
} from '../le-groups.ts';
import { lazy } from '../lazy.ts';

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
