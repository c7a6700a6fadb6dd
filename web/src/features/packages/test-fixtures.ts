/** Packages as the API answers them, and a fake API serving them (the package screens' tests). */
import {
  destinations,
  getPackage,
  listPackages,
  staffGetPackage,
  type TPackage,
  type TPackageCard,
} from '@tp/contracts/endpoints/packages';
import { fakeApi } from '#test/fake-api.ts';

const AT = '2026-11-20T06:30:00.000Z';
const image = (n: number) => ({
  key: `site-1/packages/pkg-1/img${n}.webp`,
  url: `/media/site-1/packages/pkg-1/img${n}.webp`,
  width: 1600,
  height: 1000,
  contentType: 'image/webp' as const,
  bytes: 120_000,
  caption: `Picture ${n}`,
});

export const pkg = (over: Partial<TPackage> = {}): TPackage => ({
  id: 'pkg-1',
  version: 3,
  slug: 'dubai-delights',
  title: 'Dubai Delights',
  destination: 'Dubai',
  days: 3,
  nights: 2,
  price: 45999,
  currency: 'INR',
  priceBasis: 'per person',
  overview: 'Skyline and desert.',
  itinerary: [
    { day: 1, title: 'Arrival', description: 'Transfer to the hotel' },
    { day: 2, title: 'Desert safari', description: 'Dunes and dinner' },
    { day: 3, title: 'Departure', description: '' },
  ],
  inclusions: ['Hotel with breakfast'],
  exclusions: ['Flights'],
  images: [image(1), image(2)],
  isActive: true,
  forSupply: false,
  createdAt: AT,
  updatedAt: AT,
  supplierName: null,
  ...over,
});

export const card = (p: TPackage): TPackageCard => ({
  id: p.id,
  slug: p.slug,
  title: p.title,
  destination: p.destination,
  days: p.days,
  nights: p.nights,
  price: p.price,
  currency: p.currency,
  priceBasis: p.priceBasis,
  image: p.images[0] ?? null,
  supplierName: p.supplierName,
});

export const CARDS = [
  card(pkg()),
  card(
    pkg({
      id: 'pkg-2',
      slug: 'kerala-backwaters',
      title: 'Kerala Backwaters',
      destination: 'Kerala',
      images: [],
      supplierName: 'Flight Deals',
    }),
  ),
];

export function packagesApi() {
  return fakeApi()
    .on(listPackages, ({ destination }) => ({
      records: CARDS.filter(
        (c) => !destination || c.destination.toLowerCase().includes(String(destination).toLowerCase()),
      ),
      nextCursor: null,
    }))
    .on(destinations, ['Dubai', 'Kerala'])
    .on(getPackage, pkg())
    .on(staffGetPackage, pkg());
}
