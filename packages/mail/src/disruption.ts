/** Disruption mails: the booker told at once of an airline's schedule change, staff told when nobody has acted. */
import { renderMail, type MailBrand, type RenderedMail } from './layout.ts';

interface ChangeRow {
  flight: string;
  route: string;
  before: string;
  after: string;
}

const rowsOf = (changes: readonly ChangeRow[]) =>
  changes.map((c) => ({ label: `${c.flight} ${c.route}`, value: `${c.before} → ${c.after}` }));

export function disruptionMail(
  brand: MailBrand,
  data: {
    firstName: string;
    pnr: string;
    changes: readonly ChangeRow[];
    missedConnection: boolean;
    hasAlternative: boolean;
    link: string;
  },
): RenderedMail {
  return renderMail(brand, {
    subject: `Schedule change on your booking ${data.pnr}`,
    preheader: `The airline changed a flight of PNR ${data.pnr}; please choose what to do.`,
    heading: 'The airline changed your flight',
    greeting: data.firstName.trim() ? `Hello ${data.firstName.trim()},` : 'Hello,',
    paragraphs: [
      `The airline changed the schedule of PNR ${data.pnr}. New times, departure then arrival:`,
      ...(data.missedConnection
        ? ['With the new times a connection is shorter than the minimum connection time: it would be missed.']
        : []),
      data.hasAlternative
        ? 'You can accept the new schedule, move to the alternative flight the airline offers, or cancel for a full refund.'
        : 'You can accept the new schedule or cancel for a full refund.',
    ],
    rows: rowsOf(data.changes),
    action: { label: 'Review the change', url: data.link },
  });
}

export function disruptionEscalationMail(
  brand: MailBrand,
  data: { pnr: string; bookerName: string; detectedAt: string; link: string },
): RenderedMail {
  return renderMail(brand, {
    subject: `Unhandled schedule change on PNR ${data.pnr}`,
    preheader: `Nobody has acted on the schedule change of PNR ${data.pnr} yet.`,
    heading: 'A schedule change is waiting',
    greeting: 'Hello,',
    paragraphs: [
      `The airline's schedule change on PNR ${data.pnr} (booked by ${data.bookerName}) was found ${data.detectedAt} and nobody has accepted, rebooked or cancelled it yet.`,
    ],
    action: { label: 'Open the disruption inbox', url: data.link },
  });
}
