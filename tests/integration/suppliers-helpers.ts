/**
 * Shared by the suppliers integration files: signed-in demo people of the demo sites, and the demo
 * supplier's list ids (random per seed, so they are looked up rather than hard-coded).
 */
import { expect } from 'vitest';
import { login } from '@tp/contracts/endpoints/users';
import { getWebsiteOwnSuppliers } from '@tp/contracts/endpoints/suppliers';
import type { SupplierCategory } from '@tp/contracts/endpoints/suppliers';
import { DEMO_PASSWORD } from '../../scripts/seed/logins.ts';
import { Client } from '../support/api.ts';
import { asSiteId } from '../../functions/src/lib/keys.ts';

export const FLIGHTDEALS = { siteId: asSiteId('site-flightdeals'), domain: 'flightdeals.localhost' };
export const SKYWAY = { siteId: asSiteId('site-skyway'), domain: 'skyway.localhost' };
export const PARTNER = { siteId: asSiteId('site-partner'), domain: 'partner.localhost' };

/** A client signed in as `<local>@<domain>` (admin = super admin, staff = staff without a group). */
export async function signedIn(site: { domain: string }, local: string): Promise<Client> {
  const c = new Client(site.domain);
  const res = await c.call(login, { email: `${local}@${site.domain}`, password: DEMO_PASSWORD });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return c;
}

export async function flightdealsListIds(admin: Client): Promise<Record<SupplierCategory, string>> {
  const res = await admin.call(getWebsiteOwnSuppliers, {});
  expect(res.status).toBe(200);
  return Object.fromEntries(
    (res.body.result.lists as { category: SupplierCategory; supplierListId: string }[]).map((l) => [
      l.category,
      l.supplierListId,
    ]),
  ) as Record<SupplierCategory, string>;
}
