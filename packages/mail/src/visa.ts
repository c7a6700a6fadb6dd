import { renderMail, type MailBrand, type RenderedMail } from './layout.ts';

/** The steps of a visa application the applicant is told about (docs/visas.md "Applications"). */
export type VisaMailStep = 'submitted' | 'documentRequested' | 'lodged' | 'approved' | 'rejected' | 'cancelled';

export interface VisaMailData {
  firstName: string;
  reference: string;
  /** "United Arab Emirates – Tourist visa – 30 days". */
  visa: string;
  link: string;
  /** Formatted amounts (packages/domain format.ts), when the step moved money. */
  paid?: string;
  refunded?: string;
  /** What staff wrote: the document asked for and why, the embassy reference, the reason of a decision. */
  document?: string;
  note?: string;
  embassyReference?: string;
}

const HEADINGS: Record<VisaMailStep, (d: VisaMailData) => { subject: string; heading: string; lines: string[] }> = {
  submitted: (d) => ({
    subject: `Visa application ${d.reference} submitted`,
    heading: 'Your visa application is submitted',
    lines: [`We received your application for ${d.visa} and its fee. Our visa desk checks the documents next.`],
  }),
  documentRequested: (d) => ({
    subject: `Visa application ${d.reference}: a document is needed`,
    heading: 'Please upload a document again',
    lines: [
      `Our visa desk needs the ${d.document ?? 'document'} again for your application for ${d.visa}.`,
      ...(d.note ? [`Note from the visa desk: ${d.note}`] : []),
      'Open your application and upload it; we continue as soon as it arrives.',
    ],
  }),
  lodged: (d) => ({
    subject: `Visa application ${d.reference} lodged with the embassy`,
    heading: 'Your application is with the embassy',
    lines: [
      `We lodged your application for ${d.visa}.`,
      ...(d.embassyReference ? [`Embassy reference: ${d.embassyReference}`] : []),
    ],
  }),
  approved: (d) => ({
    subject: `Visa application ${d.reference} approved`,
    heading: 'Your visa is approved',
    lines: [`Your ${d.visa} is issued. Open your application to download the visa of each traveller.`],
  }),
  rejected: (d) => ({
    subject: `Visa application ${d.reference} rejected`,
    heading: 'Your visa application was rejected',
    lines: [`The embassy did not grant ${d.visa}.`, ...(d.note ? [`Reason: ${d.note}`] : [])],
  }),
  cancelled: (d) => ({
    subject: `Visa application ${d.reference} cancelled`,
    heading: 'Your visa application is cancelled',
    lines: [`Your application for ${d.visa} is cancelled.`, ...(d.note ? [`Reason: ${d.note}`] : [])],
  }),
};

/** The applicant's mail of one step of a visa application. */
export function visaApplicationMail(brand: MailBrand, step: VisaMailStep, data: VisaMailData): RenderedMail {
  const h = HEADINGS[step](data);
  const rows = [
    { label: 'Application', value: data.reference },
    { label: 'Visa', value: data.visa },
    ...(data.paid ? [{ label: 'Paid', value: data.paid }] : []),
    ...(data.refunded ? [{ label: 'Refunded to your wallet', value: data.refunded, strong: true }] : []),
  ];
  return renderMail(brand, {
    subject: h.subject,
    preheader: h.lines[0]!,
    heading: h.heading,
    greeting: data.firstName.trim() ? `Hello ${data.firstName.trim()},` : 'Hello,',
    paragraphs: h.lines,
    rows,
    action: { label: 'Open the application', url: data.link },
  });
}
