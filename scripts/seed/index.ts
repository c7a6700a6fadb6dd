/**
 * Demo data, written once per data folder (a marker item makes it idempotent): `npm start` seeds on
 * first run and keeps data across restarts; `npm run reset` wipes the folder first.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { POLICY_PAGES } from '@tp/contracts/endpoints/site';
import { db, tableName } from '../../functions/src/lib/db.ts';
import { keys } from '../../functions/src/lib/keys.ts';
import { siteKeys } from '../../functions/src/site/keys.ts';
import { POLICY_TITLES, putSite } from '../../functions/src/site/index.ts';
import { DEMO_SITES, policyHtml } from './sites.ts';
import { seedUsers } from './users.ts';
import { seedGroups } from './groups.ts';
import { seedMarkups } from './markups.ts';
import { seedRbac } from './rbac.ts';
import { indexLegacyUsers } from '../../functions/src/users/customers-repo.ts';
import { seedSuppliers } from './suppliers.ts';
import { seedWallets } from './wallets.ts';
import { seedBookings } from './bookings.ts';
import { seedDmc } from './dmc.ts';
import { seedKarts } from './karts.ts';
import { seedActivities } from './activities.ts';
import { seedFixedDepartures } from './fixed-departures.ts';
import { seedPackages } from './packages.ts';
import { seedVisas } from './visas.ts';
import { seedTaxIds } from './tax-ids.ts';
import { seedEnquiries } from './enquiries.ts';
import { seedInvoiceSettings } from './invoices.ts';
import { seedOperator } from './operators.ts';

const MARKER = { pk: 'SEED', sk: 'DEMO' };
/** Bump when the demo data changes shape; an older data folder is re-seeded on top. */
export const SEED_VERSION = 17;

async function put(item: Record<string, unknown>): Promise<void> {
  await db().send(new PutCommand({ TableName: tableName(), Item: item }));
}

export async function seedSites(): Promise<void> {
  const now = new Date().toISOString();
  for (const { extraDomains, ...site } of DEMO_SITES) {
    await putSite(site);
    for (const d of [site.domain, ...extraDomains])
      await put({ ...keys.domain(d), type: 'Domain', siteId: site.siteId });
    for (const page of POLICY_PAGES)
      await put({
        ...siteKeys.policyPage(site.siteId, page),
        type: 'Policy',
        page,
        title: POLICY_TITLES[page],
        html: policyHtml(site.companyName, POLICY_TITLES[page]),
        updatedAt: now,
      });
  }
}

export async function seedDemo(): Promise<{ seeded: boolean }> {
  // The console's demo operator: checked on every start (not versioned with the sites' data).
  await seedOperator();
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: MARKER }));
  if (Item && Number(Item.version) >= SEED_VERSION) return { seeded: false };
  await seedSites();
  await seedUsers();
  // Users from before customer numbers existed get theirs (and their search and count items).
  for (const site of DEMO_SITES) await indexLegacyUsers(site.siteId);
  await seedGroups();
  await seedMarkups();
  await seedRbac();
  await seedSuppliers();
  await seedWallets();
  await seedBookings();
  // The Dubai DMC demo destination on Flight Deals.
  await seedDmc();
  // Two demo quotations on Flight Deals, one vouchered with its transfers.
  await seedKarts();
  // Demo activity carts in several statuses and an activity markup for 'B2B Gold'.
  await seedActivities();
  // Group fares on Flight Deals with their markup; Partner Holidays sees them.
  await seedFixedDepartures();
  // Visa destinations, categories and checklists on Flight Deals.
  await seedVisas();
  // A customer's billing PAN and GSTIN waiting for review.
  await seedTaxIds();
  // Tour packages on Flight Deals (one supplied to Partner Holidays) and Partner's own.
  await seedPackages();
  // Three enquiries at different steps of the CRM inbox on Flight Deals.
  await seedEnquiries();
  // The demo sites' legal details for GST invoices.
  await seedInvoiceSettings();
  await put({ ...MARKER, version: SEED_VERSION, at: new Date().toISOString() });
  return { seeded: true };
}
