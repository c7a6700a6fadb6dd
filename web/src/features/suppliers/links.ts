/**
 * What the supplier screens offer, from the link rules of packages/domain/src/supplier-links.ts
 * (docs/suppliers.md "Transitions"): the screens never offer a move the server would refuse.
 */
import type { SupplierCategory } from '@tp/contracts/endpoints/suppliers';
import { canTransition, nextStatuses, type LinkStatus, type MappingStatus } from '@tp/domain/supplier-links';

export const BECOME_SUPPLIER_PATH = '/user/supplier/becomeSupplier';
export const LINK_SUPPLIER_PATH = '/staff/link_supplier';

export const CATEGORY_LABEL: Record<SupplierCategory, string> = {
  FixedDeparture: 'Fixed Departure',
  Flights: 'Flights',
  TourPackages: 'Tour Packages',
};

export const STATUS_COLOR: Record<LinkStatus, string> = {
  Approved: 'green',
  Pending: 'yellow',
  Rejected: 'red',
  Suspended: 'orange',
};

/** A consumer may ask for a list it has never asked for, or again after a rejection. */
export const canRequest = (status: LinkStatus | null): boolean => canTransition(status, 'Pending', 'consumer');

export interface SupplierAction {
  to: LinkStatus;
  /** Button text. */
  label: string;
  /** Asked before a move that cannot simply be undone; none for the others. */
  confirm?: string;
  color: string;
}

function describeMove(from: LinkStatus, to: LinkStatus): Omit<SupplierAction, 'to'> {
  if (to === 'Rejected')
    return {
      label: 'Reject',
      color: 'red',
      confirm: 'A rejected request is final: the site can only send a new request.',
    };
  if (to === 'Suspended')
    return {
      label: 'Suspend',
      color: 'orange',
      confirm: 'The consumer stops selling this inventory until you reinstate it. Its switches are kept.',
    };
  return { label: from === 'Pending' ? 'Approve' : 'Reinstate', color: 'green' };
}

/** The supplier's moves out of `from`: Pending → Approve / Reject, Approved → Suspend, Suspended → Reinstate. */
export const supplierActions = (from: LinkStatus): SupplierAction[] =>
  nextStatuses(from, 'supplier').map((to) => ({ to, ...describeMove(from, to) }));

export const isActiveMapping = (m: MappingStatus | null): boolean => m !== 'Paused';

/** Our own wording for this area's confirmations (the specs quote none). */
export const SUPPLIER_TEXT = {
  requestSent: (category: SupplierCategory, company: string) =>
    `Request for ${CATEGORY_LABEL[category]} sent to ${company}`,
  notRequested: 'Not requested',
  paused: 'Paused',
  staffOnly: 'Only staff of this site manage its supplier settings.',
} as const;
