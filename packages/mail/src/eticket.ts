/**
 * The e-ticket as mail (the Email button and the automatic mail after ticketing) and the notice sent
 * when a hold lapses. The e-ticket mail carries the whole ticket in HTML; the PDF travels as attachment.
 */
import { html, safeColor, safeUrl, textColorOn } from './html.ts';
import { renderMail, type MailBrand, type RenderedMail } from './layout.ts';

export interface ETicketDoc {
  pnr: string;
  bookingId: string;
  status: string;
  bookedOn: string;
  agency: { name: string; email: string; phone: string };
  segments: {
    flight: string;
    from: string;
    to: string;
    departure: string;
    arrival: string;
    baggage: string;
    fareClass: string;
  }[];
  passengers: { name: string; type: string; ticketNumber: string; extras: string }[];
  /** null when prices are hidden. */
  fare: {
    lines: [string, string][];
    total: string;
    /** Per passenger type, after the total (they are part of it, not added to it). */
    perType?: [string, string][] | undefined;
  } | null;
  link: string;
}

const cell = 'padding:6px 8px;border-bottom:1px solid #e5e7eb;font-size:13px;text-align:left;vertical-align:top';

export function eTicketMail(brand: MailBrand, doc: ETicketDoc): RenderedMail {
  const primary = safeColor(brand.primaryColor, '#1c64f2');
  const onPrimary = textColorOn(primary);
  const link = safeUrl(doc.link);
  const subject = `E-ticket ${doc.pnr} from ${brand.companyName}`;
  const table = (head: string[], rows: string[][]) =>
    html`<table
      role="presentation"
      width="100%"
      cellpadding="0"
      cellspacing="0"
      style="border-collapse:collapse;margin:0 0 16px"
    >
      <tr>
        ${head.map((h) => html`<th style="${cell};background:#f3f4f6">${h}</th>`)}
      </tr>
      ${rows.map(
        (r) =>
          html`<tr>
            ${r.map((c) => html`<td style="${cell}">${c}</td>`)}
          </tr>`,
      )}
    </table>`;
  const body = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <title>${subject}</title>
      </head>
      <body style="margin:0;padding:16px;background:#ffffff;font-family:Arial,Helvetica,sans-serif;color:#111827">
        <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:720px;margin:0 auto">
          <tr>
            <td style="background:${primary};color:${onPrimary};padding:16px;font-size:20px;font-weight:bold">
              ${doc.agency.name}
              <div style="font-size:12px;font-weight:normal">${doc.agency.email} ${doc.agency.phone}</div>
            </td>
          </tr>
          <tr>
            <td style="padding:16px 0">
              <h1 style="margin:0 0 8px;font-size:20px">E-ticket</h1>
              <p style="margin:0 0 16px;font-size:14px">
                PNR <strong>${doc.pnr}</strong> &middot; Booking ${doc.bookingId} &middot; ${doc.status} &middot; Booked
                on ${doc.bookedOn}
              </p>
              ${table(
                ['Flight', 'From', 'To', 'Departure', 'Arrival', 'Class', 'Baggage'],
                doc.segments.map((s) => [s.flight, s.from, s.to, s.departure, s.arrival, s.fareClass, s.baggage]),
              )}
              ${table(
                ['Passenger', 'Type', 'Ticket number', 'Extras'],
                doc.passengers.map((p) => [p.name, p.type, p.ticketNumber, p.extras]),
              )}
              ${
                doc.fare
                  ? table(['Fare', 'Amount'], [...doc.fare.lines.map(([k, v]) => [k, v]), ['Total', doc.fare.total]])
                  : ''
              }
              ${
                doc.fare?.perType?.length
                  ? table(
                      ['Per passenger type', 'Fare'],
                      doc.fare.perType.map(([k, v]) => [k, v]),
                    )
                  : ''
              }
              <p style="margin:16px 0;font-size:13px">
                The e-ticket is attached as PDF. View it online:
                <a href="${link}" style="color:${primary}">${link}</a>
              </p>
            </td>
          </tr>
        </table>
      </body>
    </html>`;
  const text = [
    `${doc.agency.name} — E-ticket`,
    `PNR ${doc.pnr} · Booking ${doc.bookingId} · ${doc.status} · Booked on ${doc.bookedOn}`,
    '',
    ...doc.segments.map(
      (s) => `${s.flight} ${s.from} → ${s.to} ${s.departure} – ${s.arrival} (${s.fareClass}, ${s.baggage})`,
    ),
    '',
    ...doc.passengers.map((p) => `${p.name} (${p.type}) ticket ${p.ticketNumber}${p.extras ? ` · ${p.extras}` : ''}`),
    '',
    ...(doc.fare
      ? [
          ...doc.fare.lines.map(([k, v]) => `${k}: ${v}`),
          `Total: ${doc.fare.total}`,
          ...(doc.fare.perType ?? []).map(([k, v]) => `${k}: ${v}`),
          '',
        ]
      : []),
    `View online: ${link}`,
  ].join('\n');
  return { subject, html: body.value, text };
}

export function holdReleasedMail(
  brand: MailBrand,
  data: { firstName: string; pnr: string; lastTicketDate: string; searchLink: string },
): RenderedMail {
  return renderMail(brand, {
    subject: `Your held booking ${data.pnr} was released`,
    preheader: `The seats held under PNR ${data.pnr} were not ticketed in time.`,
    heading: 'Your held booking was released',
    greeting: data.firstName.trim() ? `Hello ${data.firstName.trim()},` : 'Hello,',
    paragraphs: [
      `The seats held under PNR ${data.pnr} had to be ticketed by ${data.lastTicketDate}. They were not, so the airline hold was released and nothing was charged.`,
      'You can search again and book the same or another flight.',
    ],
    action: { label: 'Search flights', url: data.searchLink },
  });
}

/**
 * The refund mail: sent once when a change request's refund is credited, with the breakdown
 * that adds up to what was paid (domain refundBreakdown, as rows), where the refund goes and when.
 */
export function refundMail(
  brand: MailBrand,
  data: {
    firstName: string;
    pnr: string;
    changeRequestId: string;
    refund: string;
    destination: string;
    /** The refund goes back to the card or UPI account (it takes days), not to the wallet (at once). */
    toSource?: boolean | undefined;
    rows: { label: string; value: string; strong?: boolean | undefined }[];
    link: string;
  },
): RenderedMail {
  return renderMail(brand, {
    subject: `Refund of ${data.refund} for PNR ${data.pnr}`,
    preheader: `Your cancellation of PNR ${data.pnr} is complete: ${data.refund} refunded.`,
    heading: data.toSource ? 'Your refund is on its way to your card' : 'Your refund is credited',
    greeting: data.firstName.trim() ? `Hello ${data.firstName.trim()},` : 'Hello,',
    paragraphs: [
      `Change request ${data.changeRequestId} on PNR ${data.pnr} is complete. ${data.destination}`,
      'Here is how the amount you paid was settled:',
    ],
    rows: data.rows,
    action: { label: 'View your bookings', url: data.link },
  });
}
