/** Before a hold lapses: the agent is told while there is still time to ticket it. */
import { renderMail, type MailBrand, type RenderedMail } from './layout.ts';

export function holdLapsingMail(
  brand: MailBrand,
  data: { firstName: string; pnr: string; lastTicketDate: string; link: string },
): RenderedMail {
  return renderMail(brand, {
    subject: `Your held booking ${data.pnr} lapses soon`,
    preheader: `Ticket PNR ${data.pnr} by ${data.lastTicketDate} or the seats are released.`,
    heading: 'Your hold lapses soon',
    greeting: data.firstName.trim() ? `Hello ${data.firstName.trim()},` : 'Hello,',
    paragraphs: [
      `The seats held under PNR ${data.pnr} must be ticketed by ${data.lastTicketDate}. After that the airline releases them.`,
      'Ticket it from the hold queue now to keep the seats and the fare.',
    ],
    action: { label: 'Open my bookings', url: data.link },
  });
}
