/**
 * Demo enquiries on Flight Deals: one of each kind, at different steps of the CRM inbox, stored through
 * the enquiry repository (so the tab counts and the visitor's own list agree). Fixed ids: an enquiry already there
 * is left alone, so seeding again never counts twice.
 */
import { createEnquiry, getEnquiry, type EnquiryRecord } from '../../functions/src/enquiries/repo.ts';
import { asSiteId } from '../../functions/src/lib/keys.ts';
import { userIdByEmail } from '../../functions/src/users/repo.ts';

const SITE = asSiteId('site-flightdeals');

const base = {
  version: 1,
  subjectId: null,
  phoneCode: 'in',
  travelDate: null,
  adults: null,
  children: null,
  userId: null,
  history: [],
} satisfies Partial<EnquiryRecord>;

export async function seedEnquiries(): Promise<void> {
  const retail = await userIdByEmail(SITE, 'retail@flightdeals.localhost');
  const demo: EnquiryRecord[] = [
    {
      ...base,
      id: 'dmc-enquiry-dubai-family',
      kind: 'package',
      subjectId: 'dmc-package-dubai-5d',
      subjectTitle: 'Dubai Family Escape 4N/5D',
      name: 'Neha Kapoor',
      email: 'neha.kapoor@example.com',
      phone: '9812345670',
      travelDate: '2027-02-12',
      adults: 2,
      children: 2,
      message: 'Can the hotel be upgraded to a sea-view room? We would also like a desert safari on day 3.',
      status: 'new',
      createdAt: '2026-11-22T09:15:00.000Z',
      updatedAt: '2026-11-22T09:15:00.000Z',
    },
    {
      ...base,
      id: 'dmc-enquiry-uae-visa',
      kind: 'visa',
      subjectId: 'uae',
      subjectTitle: 'UAE – 30 days tourist visa',
      name: 'Rohit Verma',
      email: 'retail@flightdeals.localhost',
      phone: '9876501234',
      adults: 1,
      message: 'How many days does processing take? I travel in three weeks.',
      status: 'contacted',
      userId: retail,
      createdAt: '2026-11-21T14:40:00.000Z',
      updatedAt: '2026-11-21T16:05:00.000Z',
      version: 2,
      history: [
        {
          at: '2026-11-21T16:05:00.000Z',
          from: 'new',
          to: 'contacted',
          note: 'Called: sent the checklist by mail; waiting for the passport scan.',
          by: 'Flight Deals Admin',
        },
      ],
    },
    {
      ...base,
      id: 'dmc-enquiry-group-tour',
      kind: 'general',
      subjectTitle: 'General enquiry',
      name: 'Farah Shaikh',
      email: 'farah.shaikh@example.com',
      phone: '9820012345',
      travelDate: '2027-04-05',
      adults: 12,
      message: 'We are a group of 12 colleagues looking for a 3-night Singapore trip in April. Can you quote?',
      status: 'quoted',
      createdAt: '2026-11-19T11:00:00.000Z',
      updatedAt: '2026-11-20T10:30:00.000Z',
      version: 3,
      history: [
        {
          at: '2026-11-19T12:10:00.000Z',
          from: 'new',
          to: 'contacted',
          note: 'Spoke to Farah: budget around ₹55,000 per person.',
          by: 'Flight Deals Admin',
        },
        {
          at: '2026-11-20T10:30:00.000Z',
          from: 'contacted',
          to: 'quoted',
          note: 'Quotation sent for 3N Singapore with Sentosa.',
          by: 'Flight Deals Admin',
        },
      ],
    },
  ];
  for (const e of demo) if (!(await getEnquiry(SITE, e.id))) await createEnquiry(SITE, e);
}
