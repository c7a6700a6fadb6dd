/**
 * Visa applications (docs/visas.md "Applications"): the statuses and who may move them, the fee with the site's
 * markup, what a refund gives back under the site's terms, the documents still missing, and when an application's
 * documents are due for deletion. Pure: no I/O.
 */
import { round2 } from './pricing.ts';

export const VISA_APPLICATION_STATUSES = [
  'draft',
  'submitted',
  'documentsRequested',
  'lodged',
  'approved',
  'rejected',
  'cancelled',
] as const;
export type VisaApplicationStatus = (typeof VISA_APPLICATION_STATUSES)[number];

/** Statuses in which the fee has been paid and not given back. */
const PAID_STATUSES: readonly VisaApplicationStatus[] = ['submitted', 'documentsRequested', 'lodged'];
export const isPaidAndOpen = (s: VisaApplicationStatus): boolean => PAID_STATUSES.includes(s);

export const VISA_STATUS_LABEL: Readonly<Record<VisaApplicationStatus, string>> = {
  draft: 'Draft',
  submitted: 'Submitted',
  documentsRequested: 'Documents requested',
  lodged: 'Lodged',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

export type VisaStep =
  | 'upload'
  | 'pay'
  | 'requestDocument'
  | 'lodge'
  | 'attachVisa'
  | 'approve'
  | 'reject'
  | 'cancelByApplicant'
  | 'cancelByStaff';

/** The statuses each step starts from (an application in any other status refuses the step). */
const STEP_FROM: Readonly<Record<VisaStep, readonly VisaApplicationStatus[]>> = {
  upload: ['draft', 'documentsRequested'],
  pay: ['draft'],
  requestDocument: ['submitted', 'documentsRequested'],
  lodge: ['submitted'],
  attachVisa: ['lodged'],
  approve: ['lodged'],
  reject: ['submitted', 'documentsRequested', 'lodged'],
  // Once lodged with the embassy the application is the embassy's to decide.
  cancelByApplicant: ['draft', 'submitted', 'documentsRequested'],
  cancelByStaff: ['draft', 'submitted', 'documentsRequested', 'lodged'],
};

export const canTakeStep = (status: VisaApplicationStatus, step: VisaStep): boolean => STEP_FROM[step].includes(status);

export type MarkupType = 'percentage' | 'fixed';

/** The site's visa terms (a site setting): markup on the embassy fee, refunds, how long documents are kept. */
export interface VisaTerms {
  markupType: MarkupType;
  /** A percentage of the fee, or a fixed amount per traveller. */
  markupValue: number;
  /** Percent of what was paid given back when the embassy rejects. */
  refundPercentOnRejection: number;
  /** Percent of what was paid given back when the application is cancelled before lodging. */
  refundPercentOnCancellation: number;
  /** Days after the decision the documents are deleted. */
  documentRetentionDays: number;
}

export const DEFAULT_VISA_TERMS: VisaTerms = {
  markupType: 'percentage',
  markupValue: 10,
  refundPercentOnRejection: 0,
  refundPercentOnCancellation: 100,
  documentRetentionDays: 30,
};

export interface VisaFee {
  /** The checklist's fee for one traveller (the embassy's and the supplier's price). */
  feePerTraveller: number;
  travellers: number;
  net: number;
  markup: number;
  total: number;
  currency: string;
}

/** The price of an application: the fee per traveller of its category and nationality, plus the site's markup. */
export function visaFee(
  feePerTraveller: number,
  travellers: number,
  terms: Pick<VisaTerms, 'markupType' | 'markupValue'>,
  currency: string,
): VisaFee {
  const net = round2(feePerTraveller * travellers);
  const markup =
    terms.markupType === 'fixed'
      ? round2(terms.markupValue * travellers)
      : round2((net * Math.max(0, terms.markupValue)) / 100);
  return {
    feePerTraveller,
    travellers,
    net,
    markup: Math.max(0, markup),
    total: round2(net + Math.max(0, markup)),
    currency,
  };
}

/** What a rejected or cancelled application gives back: the site's percentage of what was paid, to the paisa. */
export function visaRefund(
  paid: number,
  outcome: 'rejected' | 'cancelled',
  terms: Pick<VisaTerms, 'refundPercentOnRejection' | 'refundPercentOnCancellation'>,
): number {
  if (!(paid > 0)) return 0;
  const percent = outcome === 'rejected' ? terms.refundPercentOnRejection : terms.refundPercentOnCancellation;
  return Math.min(paid, round2((paid * Math.min(100, Math.max(0, percent))) / 100));
}

export interface DocumentSlot {
  traveller: number;
  document: string;
}

export interface HeldDocument extends DocumentSlot {
  /** Set while staff ask for this document again (it stays missing until replaced). */
  requested: boolean;
}

/**
 * The documents each traveller still owes: every document the checklist names without an upload, and every upload
 * staff asked to replace.
 */
export function missingDocuments(
  required: readonly string[],
  travellers: number,
  held: readonly HeldDocument[],
): DocumentSlot[] {
  const out: DocumentSlot[] = [];
  for (let traveller = 0; traveller < travellers; traveller++)
    for (const document of required) {
      const doc = held.find((d) => d.traveller === traveller && d.document === document);
      if (!doc || doc.requested) out.push({ traveller, document });
    }
  return out;
}

/** The moment an application's documents are due for deletion (its decision plus the retention days). */
export function documentsDeleteAfter(decidedAt: string, retentionDays: number): string {
  return new Date(new Date(decidedAt).getTime() + Math.max(0, retentionDays) * 86_400_000).toISOString();
}

/** Problems of the trip dates (ISO days): travel starts today or later, and ends on or after it starts. */
export function travelDateProblems(
  travel: { travelFrom: string; travelTo: string },
  today: string,
  messages: { past: string; order: string },
): Record<string, string> {
  const out: Record<string, string> = {};
  if (travel.travelFrom < today) out.travelFrom = messages.past;
  if (travel.travelTo < travel.travelFrom) out.travelTo = messages.order;
  return out;
}

/** A passport must be valid for the trip and six months after its return (the common embassy rule). */
export function passportExpiresTooSoon(passportExpiry: string, travelTo: string): boolean {
  const limit = new Date(`${travelTo}T00:00:00Z`);
  limit.setUTCMonth(limit.getUTCMonth() + 6);
  return new Date(`${passportExpiry}T00:00:00Z`) < limit;
}
