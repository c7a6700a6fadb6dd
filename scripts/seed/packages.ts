/**
 * Demo tour packages, made through the package operations the API runs: Flight Deals sells Dubai,
 * Thailand and Kerala packages (the Dubai one marked for supply) and approves Partner Holidays as its TourPackages
 * consumer, so Partner's travellers see that package beside Partner's own Kerala weekend.
 */
import type { TPackageInput } from '@tp/contracts/endpoints/packages';
import { ZPackageInput } from '@tp/contracts/endpoints/packages';
import * as z from 'zod/mini';
import { asSiteId, type SiteId } from '../../functions/src/lib/keys.ts';
import { log } from '../../functions/src/lib/logger.ts';
import { addImage } from '../../functions/src/packages/images.ts';
import { savePackage } from '../../functions/src/packages/packages.ts';
import { getPackage } from '../../functions/src/packages/repo.ts';
import { getProfile, linksOfConsumer } from '../../functions/src/suppliers/repo.ts';
import * as suppliers from '../../functions/src/suppliers/operations/index.ts';
import { SCENES, sceneUpload, type Scene } from './picture.ts';
import { admin, SUPPLIER } from './suppliers.ts';

const PARTNER = asSiteId('site-partner');

interface DemoPackage {
  siteId: SiteId;
  id: string;
  input: Omit<TPackageInput, 'id' | 'version'>;
  pictures: { scene: Scene; caption: string }[];
}

const day = (title: string, description: string) => ({ title, description });

export const DEMO_PACKAGES: DemoPackage[] = [
  {
    siteId: SUPPLIER,
    id: 'pkg-dubai-delights',
    input: {
      title: 'Dubai Delights',
      destination: 'Dubai',
      days: 5,
      nights: 4,
      price: 45999,
      currency: 'INR',
      priceBasis: 'per person on twin sharing',
      overview:
        'Five days of skyline, desert and souks: a Marina dhow dinner, the Burj Khalifa at sunset and an evening desert safari with a barbecue under the stars.',
      itinerary: [
        day(
          'Arrival in Dubai',
          'Meet and greet at the airport, private transfer to the hotel. Evening Marina dhow cruise with dinner.',
        ),
        day(
          'City tour and Burj Khalifa',
          'Half-day city tour: Jumeirah Mosque, Dubai Frame, the old souks. Burj Khalifa At the Top at sunset.',
        ),
        day(
          'Desert safari',
          'Morning at leisure. Afternoon dune bashing, camel ride, henna and a barbecue dinner with live shows.',
        ),
        day('Abu Dhabi day trip', 'Sheikh Zayed Grand Mosque, the Corniche and a photo stop at Ferrari World.'),
        day('Departure', 'Breakfast, check-out and private transfer to the airport.'),
      ],
      inclusions: [
        '4 nights in a 4-star hotel with breakfast',
        'Private airport transfers',
        'Desert safari with dinner',
        'Burj Khalifa tickets (level 124)',
        'UAE tourist visa',
      ],
      exclusions: ['Flights', 'Lunches', 'Tourism Dirham fee paid at the hotel', 'Personal expenses'],
      isActive: true,
      forSupply: true,
    },
    pictures: [
      { scene: SCENES.city, caption: 'Dubai skyline at dusk' },
      { scene: SCENES.desert, caption: 'Evening desert safari' },
    ],
  },
  {
    siteId: SUPPLIER,
    id: 'pkg-thailand-beaches',
    input: {
      title: 'Thailand Beach Escape: Phuket and Krabi',
      destination: 'Thailand',
      days: 6,
      nights: 5,
      price: 38500,
      currency: 'INR',
      priceBasis: 'per person on twin sharing',
      overview:
        'Island hopping in the Andaman Sea: Phi Phi by speedboat, Krabi’s four islands and sunsets on Patong beach.',
      itinerary: [
        day('Arrival in Phuket', 'Transfer to the Patong hotel; the evening on Bangla Road.'),
        day('Phi Phi islands', 'Full-day speedboat tour with Maya Bay, snorkelling and lunch.'),
        day('Transfer to Krabi', 'Drive to Krabi via Phang Nga viewpoint; evening at Ao Nang beach.'),
        day('Four islands tour', 'Longtail boat to Phra Nang cave, Chicken and Tup islands, Poda island.'),
        day('Leisure day', 'A day at the beach or an optional Thai cooking class.'),
        day('Departure', 'Transfer to Krabi airport.'),
      ],
      inclusions: ['5 nights with breakfast', 'Shared transfers', 'Phi Phi and four islands tours with lunch'],
      exclusions: ['Flights', 'Visa on arrival fee', 'National park fees'],
      isActive: true,
      forSupply: false,
    },
    pictures: [{ scene: SCENES.beach, caption: 'Andaman Sea beach' }],
  },
  {
    siteId: SUPPLIER,
    id: 'pkg-kerala-backwaters',
    input: {
      title: 'Kerala Backwaters and Hills',
      destination: 'Kerala',
      days: 6,
      nights: 5,
      price: 27999,
      currency: 'INR',
      priceBasis: 'per person on twin sharing',
      overview: 'Tea gardens of Munnar, the spice hills of Thekkady and a night on a houseboat in Alleppey.',
      itinerary: [
        day('Kochi to Munnar', 'Pick-up at Kochi, drive to Munnar with stops at the Cheeyappara waterfalls.'),
        day('Munnar', 'Eravikulam National Park, the tea museum and Mattupetty dam.'),
        day('Thekkady', 'Drive to Thekkady; spice plantation walk and a Kathakali show.'),
        day('Alleppey houseboat', 'Board a private houseboat; cruise the backwaters with all meals on board.'),
        day('Kochi', 'Fort Kochi walk: Chinese fishing nets, St. Francis Church, Jew Town.'),
        day('Departure', 'Transfer to Kochi airport.'),
      ],
      inclusions: [
        '5 nights (one on a houseboat)',
        'Private car with driver',
        'Breakfast daily, all meals on the houseboat',
      ],
      exclusions: ['Flights or trains', 'Entry tickets', 'Tips'],
      isActive: true,
      forSupply: false,
    },
    pictures: [{ scene: SCENES.backwaters, caption: 'Alleppey backwaters' }],
  },
  {
    siteId: PARTNER,
    id: 'pkg-kerala-weekend',
    input: {
      title: 'Kerala Houseboat Weekend',
      destination: 'Kerala',
      days: 3,
      nights: 2,
      price: 14999,
      currency: 'INR',
      priceBasis: 'per person',
      overview: 'A short break on the Alleppey backwaters with a night on a houseboat.',
      itinerary: [
        day('Kochi to Alleppey', 'Drive to Alleppey and board the houseboat.'),
        day('Backwaters', 'Cruise through the canals and village life; all meals on board.'),
        day('Departure', 'Disembark and drive back to Kochi.'),
      ],
      inclusions: ['Houseboat with all meals', 'Transfers from Kochi'],
      exclusions: ['Flights'],
      isActive: true,
      forSupply: false,
    },
    pictures: [{ scene: SCENES.backwaters, caption: 'Houseboat on the backwaters' }],
  },
];

/** Partner Holidays asks Flight Deals for its TourPackages and is approved (once). */
async function linkPartner(): Promise<void> {
  const profile = await getProfile(SUPPLIER);
  const list = profile?.lists.find((l) => l.category === 'TourPackages');
  if (!profile || !list) return;
  const links = await linksOfConsumer(PARTNER, SUPPLIER);
  if (links.some((l) => l.category === 'TourPackages')) return;
  const now = new Date();
  const consumer = await admin(PARTNER, now);
  await suppliers.acceptTerms(consumer.scope, consumer.actor, { supplierId: SUPPLIER, version: profile.termsVersion });
  await suppliers.requestAccess(consumer.scope, consumer.actor, {
    supplierId: SUPPLIER,
    supplierListId: list.supplierListId,
  });
  const supplier = await admin(SUPPLIER, now);
  await suppliers.changeLinkStatus(supplier.scope, supplier.actor, {
    consumerSiteId: PARTNER,
    supplierListId: list.supplierListId,
    newRequestStatus: 'Approved',
  });
}

/** Idempotent: packages already there are left alone. */
export async function seedPackages(): Promise<void> {
  await linkPartner();
  for (const demo of DEMO_PACKAGES) {
    if (await getPackage(demo.siteId, demo.id)) continue;
    const scope = { site: { siteId: demo.siteId }, now: new Date(), log };
    // Seeded ids are readable (`pkg-…`), so tests and links can name them.
    const saved = await savePackage(scope, z.parse(ZPackageInput, demo.input), () => demo.id);
    for (const picture of demo.pictures)
      await addImage(scope, {
        id: saved.id,
        caption: picture.caption,
        image: sceneUpload(picture.scene, `${saved.slug}.png`, 960, 600),
      });
  }
}
