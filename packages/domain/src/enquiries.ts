/**
 * Enquiries (docs/enquiries.md): what a visitor asks about, and how staff work it. The status moves one
 * way only, new → contacted → quoted → won | lost; a step may be skipped (a call that ends in a quote goes straight
 * from new to quoted) and an enquiry may be lost at any open step. won and lost are final.
 */
export const ENQUIRY_KINDS = ['package', 'visa', 'general'] as const;
export type EnquiryKind = (typeof ENQUIRY_KINDS)[number];

export const ENQUIRY_STATUSES = ['new', 'contacted', 'quoted', 'won', 'lost'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

export const ENQUIRY_STATUS_LABELS: Record<EnquiryStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  quoted: 'Quoted',
  won: 'Won',
  lost: 'Lost',
};

export const ENQUIRY_KIND_LABELS: Record<EnquiryKind, string> = {
  package: 'Tour package',
  visa: 'Visa',
  general: 'General',
};

const RANK: Record<EnquiryStatus, number> = { new: 0, contacted: 1, quoted: 2, won: 3, lost: 3 };

export const isFinalStatus = (s: EnquiryStatus): boolean => s === 'won' || s === 'lost';

/** The statuses an enquiry in `from` may move to (empty once it is won or lost). */
export function nextStatuses(from: EnquiryStatus): EnquiryStatus[] {
  if (isFinalStatus(from)) return [];
  return ENQUIRY_STATUSES.filter((s) => RANK[s] > RANK[from]);
}

export const canMoveTo = (from: EnquiryStatus, to: EnquiryStatus): boolean => nextStatuses(from).includes(to);
