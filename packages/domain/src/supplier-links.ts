/**
 * Supplier ⇄ consumer link rules (spec 000 §3 "Supplier relationship status", §4), pure.
 *
 * A link is one (supplier site, consumer site, category) relationship. The supplier drives its
 * status; the consumer can only ask (a new request) and pause or resume its own use.
 *
 *   (none)    → Pending    consumer: first request
 *   Rejected  → Pending    consumer: a new request after a rejection
 *   Pending   → Approved   supplier: request approved
 *   Pending   → Rejected   supplier: request rejected (final for the supplier)
 *   Approved  → Suspended  supplier: stop serving for now
 *   Suspended → Approved   supplier: serve again
 *
 * Nothing else: a rejected request is never revived by the supplier, a live link is never sent back to
 * Pending, and nobody "rejects" an approved link (it is suspended instead, keeping its switches).
 */
export const LINK_STATUSES = ['Approved', 'Rejected', 'Pending', 'Suspended'] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

export type LinkActor = 'supplier' | 'consumer';

export interface LinkTransition {
  /** null: no link exists yet. */
  from: LinkStatus | null;
  to: LinkStatus;
  by: LinkActor;
}

export const LINK_TRANSITIONS: readonly LinkTransition[] = [
  { from: null, to: 'Pending', by: 'consumer' },
  { from: 'Rejected', to: 'Pending', by: 'consumer' },
  { from: 'Pending', to: 'Approved', by: 'supplier' },
  { from: 'Pending', to: 'Rejected', by: 'supplier' },
  { from: 'Approved', to: 'Suspended', by: 'supplier' },
  { from: 'Suspended', to: 'Approved', by: 'supplier' },
];

export function canTransition(from: LinkStatus | null, to: LinkStatus, by: LinkActor): boolean {
  return LINK_TRANSITIONS.some((t) => t.from === from && t.to === to && t.by === by);
}

/** Where `by` may move a link from `from` (the actions a screen offers). */
export function nextStatuses(from: LinkStatus | null, by: LinkActor): LinkStatus[] {
  return LINK_TRANSITIONS.filter((t) => t.from === from && t.by === by).map((t) => t.to);
}

/** A supplier's move out of Pending decides the consumer's request (and records who decided). */
export const isDecision = (from: LinkStatus | null): boolean => from === 'Pending';

/** The consumer's own switch on a link: it may pause its use of the supplier without asking anyone. */
export const MAPPING_STATUSES = ['Active', 'Paused'] as const;
export type MappingStatus = (typeof MAPPING_STATUSES)[number];

/** A site is a consumer of the supplier (listed, configurable, pausable) once approved, even while suspended. */
export const isEstablished = (status: LinkStatus): boolean => status === 'Approved' || status === 'Suspended';

/** The consumer may sell the supplier's inventory only when the supplier approves and the consumer has not paused. */
export const isUsable = (link: { status: LinkStatus; mappingStatus: MappingStatus }): boolean =>
  link.status === 'Approved' && link.mappingStatus === 'Active';
