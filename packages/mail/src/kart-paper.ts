import { renderMail, type MailBrand, type RenderedMail } from './layout.ts';

/** A supplier's booking request (docs/dmc.md "Paper: vouchers and supplier requests"). */
export interface SupplierRequestMailData {
  supplierName: string;
  reference: string;
  service: string;
  details: string[];
  leadGuest: string;
  link: string;
  /** Formatted day the link stops working. */
  expiresOn: string;
}

export function supplierRequestMail(brand: MailBrand, d: SupplierRequestMailData): RenderedMail {
  return renderMail(brand, {
    subject: `Booking request ${d.reference}: ${d.service}`,
    preheader: `Please confirm ${d.service} for ${d.leadGuest}.`,
    heading: 'Booking request',
    greeting: d.supplierName.trim() ? `Dear ${d.supplierName.trim()},` : 'Hello,',
    paragraphs: [
      `Please book ${d.service} for our guest ${d.leadGuest}, and confirm it with your confirmation number, or decline it with a reason, through the link below. No sign-in is needed.`,
    ],
    rows: [
      { label: 'Our reference', value: d.reference, strong: true },
      { label: 'Service', value: d.service },
      ...d.details.map((value, i) => ({ label: i === 0 ? 'Details' : '', value })),
      { label: 'Lead guest', value: d.leadGuest },
    ],
    action: { label: 'Confirm or decline', url: d.link },
    footnote: `The link works for this booking only, until ${d.expiresOn}.`,
  });
}

/** Staff are told a supplier declined a service. */
export interface SupplierDeclinedMailData {
  supplierName: string;
  reference: string;
  service: string;
  quotation: string;
  reason: string;
  link: string;
}

export function supplierDeclinedMail(brand: MailBrand, d: SupplierDeclinedMailData): RenderedMail {
  return renderMail(brand, {
    subject: `Declined by ${d.supplierName}: ${d.service} (${d.reference})`,
    preheader: `${d.supplierName} cannot confirm ${d.service}.`,
    heading: 'A supplier declined a booking',
    greeting: 'Hello,',
    paragraphs: [
      `${d.supplierName} declined ${d.service} of quotation ${d.quotation}. Book the service elsewhere or change the quotation.`,
    ],
    rows: [
      { label: 'Reference', value: d.reference, strong: true },
      { label: 'Reason', value: d.reason },
    ],
    action: { label: 'Open the quotation', url: d.link },
  });
}

/** The guest's vouchers, attached as one PDF, with the quotation confirmed (or a supplier's confirmation since). */
export interface VouchersMailData {
  customerName: string;
  kartName: string;
  quotationId: string;
  services: string[];
  link: string | null;
  /** A supplier confirmed a service after the quotation was vouchered: the vouchers again, with its number. */
  supplierConfirmed?: { supplierName: string; service: string; reference: string; confirmationNumber: string };
}

export function vouchersMail(brand: MailBrand, d: VouchersMailData): RenderedMail {
  const greeting = d.customerName.trim() ? `Dear ${d.customerName.trim()},` : 'Hello,';
  const rows = d.services.map((value, i) => ({ label: i === 0 ? 'Services' : '', value }));
  const action = d.link ? { action: { label: 'View the vouchers', url: d.link } } : {};
  const c = d.supplierConfirmed;
  if (c)
    return renderMail(brand, {
      subject: `Booking confirmed: ${c.service} (${c.reference}), confirmation number ${c.confirmationNumber}`,
      preheader: `${c.supplierName} confirmed ${c.service}: ${c.confirmationNumber}.`,
      heading: 'Your booking is confirmed',
      greeting,
      paragraphs: [
        `${c.service} (${c.reference}) of your trip "${d.kartName}" (${d.quotationId}) is confirmed${
          c.supplierName.trim() && c.supplierName.trim() !== c.service.trim() ? ` by ${c.supplierName.trim()}` : ''
        }, confirmation number ${c.confirmationNumber}. The attached PDF holds your vouchers with it: show it (printed or on your phone) when you check in, at the activity and to your driver.`,
      ],
      rows: [{ label: 'Confirmation number', value: c.confirmationNumber, strong: true }, ...rows],
      ...action,
    });
  return renderMail(brand, {
    subject: `Confirmed: ${d.kartName} (${d.quotationId}), your vouchers`,
    preheader: `Your trip ${d.kartName} is confirmed; the vouchers are attached.`,
    heading: 'Your trip is confirmed',
    greeting,
    paragraphs: [
      `Your quotation ${d.quotationId}, "${d.kartName}", is confirmed. The attached PDF holds one voucher per service: show it (printed or on your phone) when you check in, at the activity and to your driver.`,
    ],
    rows,
    ...action,
  });
}

/** What happened to an agent's activity cart or quotation (item 3: agents are told). */
export type AgentStatusStep = 'confirmed' | 'rejected' | 'vouchered' | 'cancelled' | 'refunded';

export interface AgentStatusMailData {
  /** "activity cart" or "quotation". */
  what: 'activity cart' | 'quotation';
  name: string;
  reference: string;
  step: AgentStatusStep;
  note?: string;
  link: string;
}

const STEP_WORDS: Record<AgentStatusStep, string> = {
  confirmed: 'confirmed',
  rejected: 'rejected',
  vouchered: 'vouchered',
  cancelled: 'cancelled',
  refunded: 'refunded',
};

export function agentStatusMail(brand: MailBrand, d: AgentStatusMailData): RenderedMail {
  const word = STEP_WORDS[d.step];
  const title = `Your ${d.what} ${d.reference} is ${word}`;
  return renderMail(brand, {
    subject: `${title}: ${d.name}`,
    preheader: `${d.name}: ${word}.`,
    heading: title.charAt(0).toUpperCase() + title.slice(1),
    greeting: 'Hello,',
    paragraphs: [`Your ${d.what} "${d.name}" (${d.reference}) is ${word}.`, ...(d.note ? [d.note] : [])],
    action: { label: `Open the ${d.what}`, url: d.link },
  });
}
