/** Documents as stored: the contract's document plus ownership, a version, and what credit notes took so far. */
import type { TInvoiceDocument } from '@tp/contracts/endpoints/invoices';
import type { SiteId } from '#lib/keys';

export interface CreditedTotals {
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
  reimbursement: number;
  total: number;
}

export interface DocumentRecord extends TInvoiceDocument {
  siteId: SiteId;
  /** The customer it was issued to (who may read it besides staff). */
  userId: string;
  legalEntityId: string;
  sequence: number;
  /** Bumped by each credit note against an invoice (optimistic concurrency). */
  version: number;
  /** Invoices: the parts credit notes have reversed so far. */
  credited: CreditedTotals;
}

export const NOTHING_CREDITED: CreditedTotals = {
  taxableValue: 0,
  cgst: 0,
  sgst: 0,
  igst: 0,
  reimbursement: 0,
  total: 0,
};
