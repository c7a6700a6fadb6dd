/**
 * Shared by the customers / groups / rbac integration files: demo logins, fresh staff members (made
 * through the users service, as staff accounts are never self-made) and customer lookups.
 */
import { getUserById } from '@tp/contracts/endpoints/customers';
import { login } from '@tp/contracts/endpoints/users';
import { addUserToRbacUserGroup, savePermissionGroup } from '@tp/contracts/endpoints/rbac';
import { PERMISSION_CATALOGUE } from '@tp/contracts/permissions';
import { randomUUID } from 'node:crypto';
import type { TCustomer } from '@tp/contracts/endpoints/customers';
import { hashPassword } from '../../functions/src/users/password.ts';
import { createAccount } from '../../functions/src/users/accounts/index.ts';
import { DEMO_PASSWORD } from '../../scripts/seed/logins.ts';
import { DEMO_SITES } from '../../scripts/seed/sites.ts';
import { Client } from '../support/api.ts';
import { PASSWORD, uniqueEmail, uniquePhone, useStackTable } from './users-helpers.ts';

export const FLIGHTDEALS = DEMO_SITES.find((s) => s.siteId === 'site-flightdeals')!;
export const SKYWAY = DEMO_SITES.find((s) => s.siteId === 'site-skyway')!;
export const PARTNER = DEMO_SITES.find((s) => s.siteId === 'site-partner')!;
type DemoSite = (typeof DEMO_SITES)[number];

export async function signedIn(email: string, domain: string, password: string): Promise<Client> {
  const c = new Client(domain);
  const res = await c.call(login, { email, password });
  if (res.status !== 200) throw new Error(`login failed for ${email}: ${JSON.stringify(res.body)}`);
  return c;
}

/** A demo person of a site (`admin`, `staff`, `agent`, `retail`, …). */
export const demo = (site: DemoSite, local: string): Promise<Client> =>
  signedIn(`${local}@${site.domain}`, site.domain, DEMO_PASSWORD);

let passwordHash: Promise<string> | undefined;

/** A new staff member of a site, signed in; nobody else's test touches them. */
export async function newStaff(
  site: DemoSite,
  options: { superAdmin?: boolean } = {},
): Promise<{ client: Client; userId: string; email: string }> {
  useStackTable();
  const email = uniqueEmail('staff');
  const user = await createAccount(
    { site, now: new Date() },
    {
      userType: 'staff',
      email,
      firstName: 'Test',
      lastName: 'Staff',
      phoneNumbers: [{ label: 'Primary', phoneNumber: uniquePhone(), phoneCountryCode: 'in' }],
      status: 'verified',
      passwordHash: await (passwordHash ??= hashPassword(PASSWORD)),
      isUserSuperAdmin: options.superAdmin ?? false,
    },
  );
  return { client: await signedIn(email, site.domain, PASSWORD), userId: user.userId, email };
}

/** A user as the staff screens see it (users_id is the customer number other calls take). */
export async function customer(staff: Client, userId: string): Promise<TCustomer> {
  const res = await staff.call(getUserById, { userId });
  if (res.status !== 200) throw new Error(`getUserById failed: ${JSON.stringify(res.body)}`);
  return res.body.result as TCustomer;
}

/** Adds quick password-less retail users until the site has at least `total` users (list paging needs several pages). */
export async function atLeastUsers(site: DemoSite, have: number, total: number): Promise<void> {
  useStackTable();
  for (let i = have; i < total; i++)
    await createAccount(
      { site, now: new Date() },
      {
        userType: 'retail',
        email: uniqueEmail('filler'),
        firstName: 'Filler',
        lastName: `No ${i}`,
        phoneNumbers: [],
        status: 'pending',
      },
    );
}

/**
 * A new staff member of a site (with the permission menu) in a permission group that grants only `permissions`:
 * groups narrow the staff defaults of spec 000 §6, so this is the staff member refused what the group leaves out.
 * `superAdmin` makes the group (the site's demo admin unless given: a test's own site has none).
 */
export async function narrowedStaff(site: DemoSite, permissions: string[], superAdmin?: Client): Promise<Client> {
  const admin = superAdmin ?? (await demo(site, 'admin'));
  const group = await admin.call(savePermissionGroup, {
    groupName: `Narrow ${randomUUID().slice(0, 8)}`,
    modules: PERMISSION_CATALOGUE.map((m) => ({
      moduleName: m.moduleName,
      groups: m.groups.map((g) => ({
        name: g.name,
        permissions: g.permissions.map((p) => ({ key: p.key, isActive: permissions.includes(p.key) })),
      })),
    })),
  });
  if (group.status !== 200) throw new Error(`savePermissionGroup failed: ${JSON.stringify(group.body)}`);
  const member = await newStaff(site);
  const moved = await admin.call(addUserToRbacUserGroup, { userId: member.userId, userGroupId: group.body.result.id });
  if (moved.status !== 200) throw new Error(`addUserToRbacUserGroup failed: ${JSON.stringify(moved.body)}`);
  return member.client;
}
