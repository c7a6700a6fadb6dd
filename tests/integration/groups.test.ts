/**
 * Customer groups (LE groups) through the gateway: the seeded groups, create and rename with unique
 * names, the default group, mapping a customer's legal entity (shown in the customer list) and the
 * consumer mapping read.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { getCustomers, getMyLegalEntity } from '@tp/contracts/endpoints/customers';
import {
  getConsumerGroupMapping,
  getLeGroups,
  GROUP_MSG,
  mapLegalEntityToGroup,
  saveLeGroup,
  setDefaultLeGroup,
  type TLeGroup,
} from '@tp/contracts/endpoints/groups';
import { login } from '@tp/contracts/endpoints/users';
import * as MSG from '@tp/contracts/messages';
import { Client } from '../support/api.ts';
import { customer, demo, FLIGHTDEALS, newStaff, PARTNER, SKYWAY } from './customers-helpers.ts';
import { PASSWORD, signedUpRetail, useStackTable } from './users-helpers.ts';

let staff: Client;

beforeAll(async () => {
  useStackTable();
  staff = await demo(FLIGHTDEALS, 'staff');
});

const groups = async (c: Client = staff): Promise<TLeGroup[]> => {
  const res = await c.call(getLeGroups, {});
  expect(res.status).toBe(200);
  return res.body.result;
};
const uniqueName = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

describe('customer groups', () => {
  it('are seeded per site with Default as the default', async () => {
    const list = await groups();
    expect(list.map((g) => g.groupName)).toEqual(expect.arrayContaining(['Default', 'B2B Gold', 'Retail Saver']));
    expect(list.filter((g) => g.isDefault).map((g) => g.groupName)).toEqual(['Default']);
    const skyway = await groups(await demo(SKYWAY, 'staff'));
    expect(skyway.map((g) => g.id)).not.toContain(list[0]!.id);
  });

  it('shows the seeded mappings in the customer list', async () => {
    const admin = await demo(FLIGHTDEALS, 'admin');
    const res = await admin.call(getCustomers, { page: 1 });
    const all: { email: string; groupName: string }[] = [];
    for (let p = 1; p <= res.body.data.totalPages; p++)
      all.push(...(await admin.call(getCustomers, { page: p })).body.data.records);
    const byEmail = new Map(all.map((r) => [r.email, r.groupName]));
    expect(byEmail.get(`agent@${FLIGHTDEALS.domain}`)).toBe('B2B Gold');
    expect(byEmail.get(`retail@${FLIGHTDEALS.domain}`)).toBe('Retail Saver');
    expect(byEmail.get(`agent2@${FLIGHTDEALS.domain}`)).toBe(MSG.defaultGroupApplicable);
  });

  it('are created and renamed with the spec message; names are unique per site, ignoring case', async () => {
    const name = uniqueName('Corporate');
    const created = await staff.call(saveLeGroup, { groupName: name });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ message: MSG.groupSaved, result: { groupName: name, isDefault: false } });
    const dup = await staff.call(saveLeGroup, { groupName: name.toUpperCase() });
    expect(dup.status).toBe(409);
    expect(dup.body.shortError).toEqual({ groupName: GROUP_MSG.groupNameTaken });
    // Another site may use the same name.
    expect((await (await demo(SKYWAY, 'staff')).call(saveLeGroup, { groupName: name })).status).toBe(200);

    const renamed = await staff.call(saveLeGroup, { id: created.body.result.id, groupName: `${name} Plus` });
    expect(renamed.body.result).toMatchObject({ id: created.body.result.id, groupName: `${name} Plus` });
    // The old name is free again; a rename onto a taken name is refused.
    expect((await staff.call(saveLeGroup, { groupName: name })).status).toBe(200);
    expect((await staff.call(saveLeGroup, { id: created.body.result.id, groupName: 'Default' })).status).toBe(409);
    expect((await staff.call(saveLeGroup, { id: 'nope', groupName: uniqueName('x') })).status).toBe(404);
  });

  it('need a name', async () => {
    const res = await staff.call(saveLeGroup, { groupName: '  ' });
    expect(res.status).toBe(400);
    expect(res.body.shortError).toEqual({ groupName: MSG.required });
  });
});

describe('default group', () => {
  it('moves with setDefaultLEGroup and applies to customers with no group', async () => {
    const admin = await demo(FLIGHTDEALS, 'admin');
    const before = (await groups()).find((g) => g.isDefault)!;
    const other = (await staff.call(saveLeGroup, { groupName: uniqueName('Fallback') })).body.result as TLeGroup;
    const res = await staff.call(setDefaultLeGroup, { groupId: other.id });
    expect(res.body).toMatchObject({ message: MSG.groupSetDefault, result: { id: other.id, isDefault: true } });
    expect((await groups()).filter((g) => g.isDefault).map((g) => g.id)).toEqual([other.id]);

    const traveller = new Client(FLIGHTDEALS.domain);
    const { email } = await signedUpRetail(traveller);
    await traveller.call(login, { email, password: PASSWORD });
    expect((await traveller.call(getMyLegalEntity, {})).body.result.group).toMatchObject({
      groupId: other.id,
      isMapped: false,
    });

    expect((await admin.call(setDefaultLeGroup, { groupId: before.id })).status).toBe(200);
    expect((await staff.call(setDefaultLeGroup, { groupId: 'nope' })).status).toBe(404);
  });
});

describe('mapping a legal entity', () => {
  it("puts a customer's legal entity in a group, shown in the list and followed by renames", async () => {
    const { userId } = await signedUpRetail(new Client(FLIGHTDEALS.domain));
    const c = await customer(staff, userId);
    expect(c.groupName).toBe(MSG.defaultGroupApplicable);
    const group = (await staff.call(saveLeGroup, { groupName: uniqueName('Mapped') })).body.result as TLeGroup;

    const res = await staff.call(mapLegalEntityToGroup, { groupId: group.id, LEId: c.legalEntityId });
    expect(res.body).toMatchObject({
      message: MSG.groupChanged,
      result: { LEId: c.legalEntityId, groupId: group.id, groupName: group.groupName },
    });
    const listed = (await staff.call(getCustomers, { page: 1, userId })).body.data.records[0];
    expect(listed).toMatchObject({ groupName: group.groupName, userGroup: { groupId: group.id } });

    await staff.call(saveLeGroup, { id: group.id, groupName: `${group.groupName} v2` });
    expect((await customer(staff, userId)).groupName).toBe(`${group.groupName} v2`);

    const mapping = await staff.call(getConsumerGroupMapping, { consumerLEId: c.legalEntityId });
    expect(mapping.body.result).toMatchObject({
      mappedGroupId: group.id,
      defaultGroupId: (await groups()).find((g) => g.isDefault)!.id,
    });
    expect(mapping.body.result.groups.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses unknown groups, unknown legal entities and the site owner itself', async () => {
    const { userId } = await signedUpRetail(new Client(FLIGHTDEALS.domain));
    const c = await customer(staff, userId);
    const [first] = await groups();
    expect((await staff.call(mapLegalEntityToGroup, { groupId: 'nope', LEId: c.legalEntityId })).status).toBe(404);
    expect((await staff.call(mapLegalEntityToGroup, { groupId: first!.id, LEId: 'nope' })).status).toBe(404);
    expect(
      (await staff.call(mapLegalEntityToGroup, { groupId: first!.id, LEId: FLIGHTDEALS.ownerLegalEntityId })).status,
    ).toBe(400);
    expect((await staff.call(getConsumerGroupMapping, { consumerLEId: 'nope' })).status).toBe(404);
  });

  it("cannot touch another site's legal entities or groups", async () => {
    const skywayStaff = await demo(SKYWAY, 'staff');
    const { userId } = await signedUpRetail(new Client(FLIGHTDEALS.domain));
    const c = await customer(staff, userId);
    const [skywayGroup] = await groups(skywayStaff);
    const [ownGroup] = await groups();
    expect(
      (await skywayStaff.call(mapLegalEntityToGroup, { groupId: skywayGroup!.id, LEId: c.legalEntityId })).status,
    ).toBe(404);
    expect((await staff.call(mapLegalEntityToGroup, { groupId: skywayGroup!.id, LEId: c.legalEntityId })).status).toBe(
      404,
    );
    expect((await skywayStaff.call(setDefaultLeGroup, { groupId: ownGroup!.id })).status).toBe(404);
  });

  it('needs the change-group permission, which a desk-only staff member lacks', async () => {
    const desk = await demo(PARTNER, 'staff');
    expect((await desk.call(saveLeGroup, { groupName: uniqueName('Nope') })).status).toBe(403);
    const fresh = await newStaff(FLIGHTDEALS);
    expect((await fresh.client.call(getLeGroups, {})).status).toBe(200);
  });
});
