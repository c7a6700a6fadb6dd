/**
 * Demo supply chain, made through the suppliers service (the code the API runs): Flight Deals sells
 * Flights and TourPackages; Partner Holidays is its approved Flights consumer (search on, hold off);
 * SkyWay has a pending Flights request and a TourPackages request the Flight Deals super admin rejected.
 */
import type { SupplierCategory } from '@tp/contracts/endpoints/suppliers';
import { loadPrincipal, type Principal } from '../../functions/src/lib/principal.ts';
import { getProfile } from '../../functions/src/suppliers/repo.ts';
import * as suppliers from '../../functions/src/suppliers/operations/index.ts';
import { userIdByEmail } from '../../functions/src/users/repo.ts';
import { DEMO_SITES } from './sites.ts';
import { asSiteId, type SiteId } from '../../functions/src/lib/keys.ts';

export const SUPPLIER = asSiteId('site-flightdeals');

export const supplierTermsHtml = (company: string): string =>
  `<h2>${company} API partner terms</h2>` +
  `<p>Inventory is supplied at the supplier's published fares plus the markup of your customer group. ` +
  `Bookings are charged to your partner wallet with ${company}; tickets are issued by ${company}.</p>` +
  `<p>Holding seats without ticketing needs the supplier's consent per partner. The supplier may suspend ` +
  `access at any time; bookings already ticketed are honoured.</p>`;

export async function admin(siteId: SiteId, now: Date): Promise<{ scope: suppliers.Scope; actor: Principal }> {
  const site = DEMO_SITES.find((s) => s.siteId === siteId)!;
  const userId = await userIdByEmail(siteId, `admin@${site.domain}`);
  const actor = userId ? await loadPrincipal(siteId, userId) : null;
  if (!actor) throw new Error(`seed: no super admin on ${siteId}`);
  return { scope: { site, now }, actor };
}

/** Idempotent: a re-seed on top of older data leaves an existing supply chain alone. */
export async function seedSuppliers(): Promise<void> {
  if (await getProfile(SUPPLIER)) return;
  // Requests a few minutes apart, so the request list has a stable newest-first order.
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
  const supplier = await admin(SUPPLIER, at(60));
  const profile = await suppliers.saveProfile(supplier.scope, {
    categories: ['Flights', 'TourPackages'],
    termsAndConditions: supplierTermsHtml(supplier.scope.site.companyName),
    isListed: true,
  });
  const listId = (category: SupplierCategory) => profile.lists.find((l) => l.category === category)!.supplierListId;

  const ask = async (consumerSiteId: SiteId, category: SupplierCategory, minutesAgo: number) => {
    const consumer = await admin(consumerSiteId, at(minutesAgo));
    await suppliers.acceptTerms(consumer.scope, consumer.actor, {
      supplierId: SUPPLIER,
      version: profile.termsVersion,
    });
    await suppliers.requestAccess(consumer.scope, consumer.actor, {
      supplierId: SUPPLIER,
      supplierListId: listId(category),
    });
  };
  const decide = async (
    consumerSiteId: SiteId,
    category: SupplierCategory,
    to: 'Approved' | 'Rejected',
    minutesAgo: number,
  ) => {
    const { scope, actor } = await admin(SUPPLIER, at(minutesAgo));
    const link = { consumerSiteId, supplierListId: listId(category) };
    await suppliers.changeLinkStatus(scope, actor, { ...link, newRequestStatus: to });
    return { scope, actor, link };
  };

  await ask(asSiteId('site-partner'), 'Flights', 50);
  const partner = await decide(asSiteId('site-partner'), 'Flights', 'Approved', 45);
  await suppliers.setLinkSwitch(partner.scope, partner.actor, partner.link, {
    isFlightHoldAllowed: false,
    isFlightSearchAllowed: true,
  });

  await ask(asSiteId('site-skyway'), 'TourPackages', 30);
  await decide(asSiteId('site-skyway'), 'TourPackages', 'Rejected', 25);
  await ask(asSiteId('site-skyway'), 'Flights', 20);
}
