/**
 * Invoice settings of the demo sites: the reseller's legal details every GST invoice prints. Flight Deals
 * is in Maharashtra, SkyWay in Karnataka, Partner Holidays in Delhi, so the demo shows intra- and inter-state tax.
 * Written through the invoices repo; a site whose staff saved their own settings keeps them.
 */
import type { TInvoiceSettings } from '@tp/contracts/endpoints/invoices';
import { BOOKING_STATUS } from '@tp/contracts/endpoints/flights';
import { bookingsByIds } from '../../functions/src/bookings/index.ts';
import { getCart } from '../../functions/src/activities/repo.ts';
import { issueBookingInvoice, issueCartInvoice } from '../../functions/src/invoices/issue.ts';
import { getSettings, putSettings } from '../../functions/src/invoices/repo.ts';
import { asSiteId } from '../../functions/src/lib/keys.ts';
import { siteById } from '../../functions/src/lib/tenancy.ts';
import { VOUCHERED_DEMO_CARTS } from './activities.ts';
import { DEMO_BOOKINGS_PER_SITE } from './bookings.ts';

export const DEMO_INVOICE_SETTINGS: Record<string, TInvoiceSettings> = {
  'site-flightdeals': {
    legalName: 'Flight Deals Travel Private Limited',
    address: '4th Floor, Trade Centre, Bandra Kurla Complex, Mumbai 400051',
    gstin: '27AAFCF1234K1ZP',
    stateCode: '27',
    prefix: 'FD',
    // The Dubai quotations are priced in AED (scripts/seed/karts.ts): a demo rate, not the RBI's of any day.
    exchangeRates: [{ currency: 'AED', inrPerUnit: 22.75, rateDate: '2026-11-20' }],
  },
  'site-skyway': {
    legalName: 'SkyWay Travels LLP',
    address: '12 Residency Road, Bengaluru 560025',
    gstin: '29AAECS5678L1ZJ',
    stateCode: '29',
    prefix: 'SKY',
    exchangeRates: [],
  },
  'site-partner': {
    legalName: 'Partner Holidays Private Limited',
    address: '22 Connaught Place, New Delhi 110001',
    gstin: '07AAGCP4321M1ZA',
    stateCode: '07',
    prefix: 'PH',
    exchangeRates: [],
  },
};

export async function seedInvoiceSettings(now = new Date()): Promise<void> {
  for (const [id, settings] of Object.entries(DEMO_INVOICE_SETTINGS)) {
    const siteId = asSiteId(id);
    const existing = await getSettings(siteId);
    // Staff's own settings stand; a data folder seeded before exchange rates existed gets the demo ones.
    if (!existing) await putSettings(siteId, settings, now);
    else if (!existing.exchangeRates)
      await putSettings(siteId, { ...existing, exchangeRates: settings.exchangeRates }, now);
  }
  await seedDemoInvoices();
}

/**
 * Flight Deals' latest ticketed and cancelled demo bookings get their invoices as if issued when booked (scripts/seed/
 * bookings.ts ids `FL00001…`), oldest first so the numbers follow the dates: the staff list has months to show.
 * Issuing is idempotent per booking, so a re-seed adds only what is missing.
 */
async function seedDemoInvoices(): Promise<void> {
  const siteId = asSiteId('site-flightdeals');
  const site = await siteById(siteId);
  if (!site) return;
  const ids = Array.from({ length: DEMO_BOOKINGS_PER_SITE }, (_, i) => `FL${String(i + 1).padStart(5, '0')}`);
  const bookings = (await bookingsByIds(siteId, ids))
    .filter((b) => b.statusId === BOOKING_STATUS.ticketed || b.statusId === BOOKING_STATUS.cancelled)
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt))
    // The latest 40: enough for two months of the list without slowing every stack's start.
    .slice(-40);
  for (const b of bookings) await issueBookingInvoice(site, b, new Date(b.createdAt));
  await seedDemoCartInvoices();
}

/** The vouchered demo carts get theirs as if issued when they were vouchered (as the cart status hook issues it). */
async function seedDemoCartInvoices(): Promise<void> {
  const { siteId, ids } = VOUCHERED_DEMO_CARTS;
  const site = await siteById(siteId);
  if (!site) return;
  for (const id of ids) {
    const cart = await getCart(siteId, id);
    if (cart?.status === 'vouchered') await issueCartInvoice(site, cart, new Date(cart.updatedAt));
  }
}
