/**
 * The itinerary of a return trip: one mail with both legs once the return leg is
 * booked, each leg with its PNR and flights, and a link to the trip page. Built on the common layout; each
 * leg's e-ticket still travels in its own mail.
 */
import { renderMail, type MailBrand, type RenderedMail } from './layout.ts';

export interface TripItineraryLeg {
  /** 'Onward' or 'Return'. */
  label: string;
  pnr: string;
  bookingId: string;
  status: string;
  /** One line per flight, e.g. '6E 2135 DEL → BOM · 10 Dec 2026 06:05 – 08:15'. */
  flights: string[];
}

export function tripItineraryMail(
  brand: MailBrand,
  data: { firstName: string; route: string; legs: TripItineraryLeg[]; tripLink: string },
): RenderedMail {
  const pnrs = data.legs.map((l) => l.pnr).join(' and ');
  return renderMail(brand, {
    subject: `Your trip ${data.route}: PNR ${pnrs}`,
    preheader: `Both flights of your trip ${data.route} are booked.`,
    heading: 'Your trip itinerary',
    greeting: data.firstName.trim() ? `Hello ${data.firstName.trim()},` : 'Hello,',
    paragraphs: [
      `Both flights of your trip ${data.route} are booked.`,
      ...data.legs.map(
        (l) => `${l.label}: PNR ${l.pnr} (booking ${l.bookingId}, ${l.status}). ${l.flights.join('; ')}.`,
      ),
      'Each e-ticket is in its own mail. The trip page shows both flights together.',
    ],
    action: { label: 'View your trip', url: data.tripLink },
  });
}
