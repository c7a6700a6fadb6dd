/**
 * Demo visa content on Flight Deals: five destinations (UAE, Thailand, Singapore, the UK,
 * Schengen), their usual categories, and per category a checklist for Indian nationals (the preferred one) and a
 * default for every other nationality. Fixed ids and plain puts: seeding again overwrites, never duplicates. The
 * counters the API keeps (categories per country, checklists per category) are computed from the data.
 * Sources for the requirements: docs/visas.md "Demo data".
 */
import { putItems } from './put-items.ts';
import { asSiteId, type SiteId } from '../../functions/src/lib/keys.ts';
import { visaKeys } from '../../functions/src/visa/keys.ts';
import type { CategoryRecord, ChecklistRecord, CountryRecord } from '../../functions/src/visa/repo.ts';

const AT = '2026-11-20T06:30:00.000Z';

const list = (items: string[]) => `<ul>${items.map((i) => `<li><p>${i}</p></li>`).join('')}</ul>`;
const section = (title: string, items: string[]) => `<h3>${title}</h3>${list(items)}`;
const note = (text: string) => `<p><em>${text}</em></p>`;

interface DemoCategory {
  id: string;
  visaCategory: string;
  summary: string;
  /** Nationality code ('' default) → html. */
  checklists: Record<string, string>;
}
interface DemoCountry {
  id: string;
  countryName: string;
  countryCode: string;
  categories: DemoCategory[];
}

const PASSPORT_6M = 'Passport valid for at least 6 months from the date of entry (scan of the first and last page)';
const PHOTO = 'Recent passport-size colour photograph on a white background';
const RETURN_TICKET = 'Confirmed return or onward air ticket';
const HOTEL = 'Hotel booking for the whole stay, or the address and invitation of your host';

const uaeIndia = (days: number) =>
  section('Documents', [
    PASSPORT_6M,
    PHOTO,
    RETURN_TICKET,
    'Hotel booking for the whole stay (QR-coded confirmation)',
    'PAN card copy',
    `Proof of funds: bank statement of the last 3 months (about AED 3,000 or equivalent for a ${days}-day stay)`,
  ]) +
  note(
    'Indian passport holders with a valid US visa or green card, or a UK or EU residence permit, can get a 14-day visa on arrival instead.',
  );
const uaeDefault = (days: number) =>
  section('Documents', [
    PASSPORT_6M,
    PHOTO,
    RETURN_TICKET,
    HOTEL,
    `Proof of funds for a ${days}-day stay (recent bank statement)`,
  ]) + note('Several nationalities enter the UAE visa-free; check before you apply.');

export const VISA_DEMO: DemoCountry[] = [
  {
    id: 'uae',
    countryName: 'United Arab Emirates',
    countryCode: 'AE',
    categories: [
      {
        id: 'visa-uae-tourist-30',
        visaCategory: 'Tourist visa – 30 days',
        summary: 'Single entry · stay up to 30 days · processing 3–5 working days',
        checklists: { IN: uaeIndia(30), '': uaeDefault(30) },
      },
      {
        id: 'visa-uae-tourist-60',
        visaCategory: 'Tourist visa – 60 days',
        summary: 'Single entry · stay up to 60 days · processing 3–5 working days',
        checklists: { IN: uaeIndia(60), '': uaeDefault(60) },
      },
      {
        id: 'visa-uae-transit-96',
        visaCategory: 'Transit visa – 96 hours',
        summary: 'For connections through Dubai or Abu Dhabi · stay up to 96 hours',
        checklists: {
          IN: section('Documents', [
            PASSPORT_6M,
            PHOTO,
            'Confirmed onward ticket to a third country within 96 hours',
            'Hotel booking for the transit stay',
          ]),
        },
      },
    ],
  },
  {
    id: 'thailand',
    countryName: 'Thailand',
    countryCode: 'TH',
    categories: [
      {
        id: 'visa-thailand-exemption-60',
        visaCategory: 'Visa exemption – 60 days',
        summary: 'No visa needed for eligible passports · stay up to 60 days',
        checklists: {
          IN:
            section('At the border', [
              PASSPORT_6M,
              RETURN_TICKET,
              HOTEL,
              'Thailand Digital Arrival Card (TDAC), filled in online within 3 days before arrival',
              'Proof of funds: THB 20,000 per person or THB 40,000 per family (cash or card)',
            ]) + note('Indian passport holders may stay up to 60 days without a visa for tourism.'),
          '': section('At the border', [
            PASSPORT_6M,
            RETURN_TICKET,
            'Thailand Digital Arrival Card (TDAC)',
            'Check whether your passport is eligible for the exemption; otherwise apply for a tourist e-Visa',
          ]),
        },
      },
      {
        id: 'visa-thailand-tourist-60',
        visaCategory: 'Tourist e-Visa – 60 days',
        summary: 'Single entry · stay up to 60 days · processing about 10 working days',
        checklists: {
          IN: section('Documents', [
            PASSPORT_6M,
            PHOTO,
            RETURN_TICKET,
            HOTEL,
            'Bank statement of the last 6 months (balance of at least INR 50,000)',
            'Employment letter or business registration',
          ]),
        },
      },
    ],
  },
  {
    id: 'singapore',
    countryName: 'Singapore',
    countryCode: 'SG',
    categories: [
      {
        id: 'visa-singapore-tourist-30',
        visaCategory: 'Tourist e-Visa – 30 days',
        summary: 'Single or multiple entry · stay up to 30 days · filed through an authorised agent',
        checklists: {
          IN:
            section('Documents', [
              PASSPORT_6M,
              'Photo 35 mm × 45 mm, white background, taken within the last 3 months',
              'Form 14A, signed',
              'Covering letter with the travel plan',
              'Bank statement of the last 3 months and the latest income tax return',
              RETURN_TICKET,
              HOTEL,
            ]) + note('Fill in the SG Arrival Card online within 3 days before arrival.'),
          '': section('Documents', [PASSPORT_6M, RETURN_TICKET, 'SG Arrival Card, filled in online']),
        },
      },
      {
        id: 'visa-singapore-transit-96',
        visaCategory: 'Visa-free transit – 96 hours',
        summary: 'Transit through Changi · stay up to 96 hours',
        checklists: {
          IN: section('Documents', [
            PASSPORT_6M,
            'Confirmed onward ticket within 96 hours',
            'Valid visa of the onward country (e.g. US, Canada, Australia, Schengen, UK, Japan)',
          ]),
        },
      },
    ],
  },
  {
    id: 'uk',
    countryName: 'United Kingdom',
    countryCode: 'GB',
    categories: [
      {
        id: 'visa-uk-standard-visitor',
        visaCategory: 'Standard Visitor visa – 6 months',
        summary: 'Tourism, family or business visits · stay up to 6 months per visit · decision in about 3 weeks',
        checklists: {
          IN: section('Documents', [
            'Passport with a blank page, and your previous passports',
            'Bank statements of the last 6 months',
            'Income tax returns of the last 2 years',
            'Employment letter with approved leave, or business registration',
            'Travel itinerary and accommodation details',
            'Biometrics at the visa application centre',
          ]),
          '': section('Documents', [
            'Passport valid for the whole stay',
            'Proof of funds for the trip',
            'Travel itinerary and accommodation details',
            'Nationals of many countries need an Electronic Travel Authorisation (ETA) instead of a visa',
          ]),
        },
      },
      {
        id: 'visa-uk-airside-transit',
        visaCategory: 'Direct Airside Transit visa',
        summary: 'Change of flights without passing UK border control',
        checklists: {
          IN: section('Documents', [
            'Passport',
            'Confirmed onward ticket departing within 24 hours',
            'Visa for the destination country, if needed',
          ]),
        },
      },
    ],
  },
  {
    id: 'schengen',
    countryName: 'Schengen',
    countryCode: '',
    categories: [
      {
        id: 'visa-schengen-tourist',
        visaCategory: 'Short-stay tourist visa (Type C)',
        summary: 'Up to 90 days in any 180 · apply at the embassy of your main destination',
        checklists: {
          IN:
            section('Documents', [
              'Passport valid 3 months beyond the return date, issued within the last 10 years, with 2 blank pages',
              'Two photos 35 mm × 45 mm, white background',
              'Signed application form and VFS appointment',
              'Travel insurance covering at least EUR 30,000 for the whole Schengen area',
              'Flight reservation and hotel bookings for every night',
              'Bank statements of the last 3 months and income tax returns of the last 3 years',
              'Covering letter and employment letter with approved leave',
            ]) + note('Indian nationals who used earlier Schengen visas lawfully may be given multiple-entry visas.'),
          '': section('Documents', [
            'Passport valid 3 months beyond the return date',
            'Travel insurance covering at least EUR 30,000',
            'Flight reservation and accommodation',
            'Proof of funds',
          ]),
        },
      },
      {
        id: 'visa-schengen-airport-transit',
        visaCategory: 'Airport transit visa (Type A)',
        summary: 'Change of flights in the international zone of a Schengen airport',
        checklists: {
          IN: section('Documents', [
            'Passport',
            'Confirmed onward ticket',
            'Visa for the final destination, if needed',
          ]),
        },
      },
    ],
  },
];

/** The items of the demo content of one site (as the API would have stored them). */
/**
 * Fees per traveller (rupees, before the site's markup) and the documents an online application uploads, for the
 * categories sold online; the rest are information only (fee 0).
 */
const ONLINE: Record<string, { fee: number; documents: string[] }> = {
  'visa-uae-tourist-30': { fee: 6500, documents: ['Passport', 'Photo', 'Return ticket'] },
  'visa-uae-tourist-60': { fee: 12500, documents: ['Passport', 'Photo', 'Return ticket'] },
  'visa-singapore-tourist-30': { fee: 2500, documents: ['Passport', 'Photo'] },
  'visa-thailand-tourist-60': { fee: 3400, documents: ['Passport', 'Photo', 'Bank statement'] },
};

export function visaItems(siteId: SiteId): Record<string, unknown>[] {
  const items: Record<string, unknown>[] = [];
  for (const c of VISA_DEMO) {
    const country: CountryRecord = {
      id: c.id,
      countryName: c.countryName,
      countryCode: c.countryCode,
      categoryCount: c.categories.length,
      version: 1,
      createdAt: AT,
      updatedAt: AT,
    };
    items.push({ ...visaKeys.country(siteId, c.id), kind: 'visaCountry', ...country });
    c.categories.forEach((k, position) => {
      const nationalities = Object.keys(k.checklists);
      const category: CategoryRecord = {
        id: k.id,
        countryId: c.id,
        visaCategory: k.visaCategory,
        summary: k.summary,
        position,
        checklistCount: nationalities.length,
        version: 1,
        createdAt: AT,
        updatedAt: AT,
      };
      items.push({
        ...visaKeys.category(siteId, k.id),
        ...visaKeys.categoryIndex(siteId, c.id, position, k.id),
        kind: 'visaCategory',
        ...category,
      });
      items.push({
        ...visaKeys.categoryName(siteId, c.id, k.visaCategory),
        kind: 'visaCategoryName',
        categoryId: k.id,
      });
      for (const nationality of nationalities) {
        const checklist: ChecklistRecord = {
          id: `${k.id}-${nationality.toLowerCase() || 'default'}`,
          categoryId: k.id,
          nationality,
          html: k.checklists[nationality]!,
          fee: ONLINE[k.id]?.fee ?? 0,
          documents: ONLINE[k.id]?.documents ?? [],
          version: 1,
          createdAt: AT,
          updatedAt: AT,
        };
        items.push({ ...visaKeys.checklist(siteId, k.id, nationality), kind: 'visaChecklist', ...checklist });
      }
    });
  }
  return items;
}

export async function seedVisas(siteId: SiteId = asSiteId('site-flightdeals')): Promise<void> {
  const items = visaItems(siteId);
  await putItems(items);
}
