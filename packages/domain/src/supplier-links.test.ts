import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  canTransition,
  isDecision,
  isEstablished,
  isUsable,
  LINK_STATUSES,
  LINK_TRANSITIONS,
  MAPPING_STATUSES,
  nextStatuses,
  type LinkActor,
  type LinkStatus,
} from './supplier-links.ts';

const arbStatus = fc.constantFrom(...LINK_STATUSES);
const arbFrom = fc.option(arbStatus, { nil: null });
const arbActor = fc.constantFrom<LinkActor>('supplier', 'consumer');

describe('supplier link transitions (properties)', () => {
  it('never leave the four statuses', () => {
    fc.assert(
      fc.property(arbFrom, arbActor, (from, by) => {
        for (const to of nextStatuses(from, by)) expect(LINK_STATUSES).toContain(to);
      }),
    );
    for (const t of LINK_TRANSITIONS) {
      expect(LINK_STATUSES).toContain(t.to);
      if (t.from !== null) expect(LINK_STATUSES).toContain(t.from);
    }
  });

  it('keep Rejected final, except for a new consumer request back to Pending', () => {
    fc.assert(
      fc.property(arbStatus, arbActor, (to, by) => {
        expect(canTransition('Rejected', to, by)).toBe(by === 'consumer' && to === 'Pending');
      }),
    );
  });

  it('allow exactly the listed transitions', () => {
    const listed = new Set(LINK_TRANSITIONS.map((t) => `${t.from}>${t.to}>${t.by}`));
    fc.assert(
      fc.property(arbFrom, arbStatus, arbActor, (from, to, by) => {
        expect(canTransition(from, to, by)).toBe(listed.has(`${from}>${to}>${by}`));
      }),
    );
  });

  it('never let a status move to itself', () => {
    fc.assert(
      fc.property(arbStatus, arbActor, (s, by) => {
        expect(canTransition(s, s, by)).toBe(false);
      }),
    );
  });

  it('give the consumer no say beyond asking: every consumer move ends in Pending', () => {
    fc.assert(
      fc.property(arbFrom, (from) => {
        for (const to of nextStatuses(from, 'consumer')) expect(to).toBe('Pending');
      }),
    );
  });

  it('only reach Approved, Rejected or Suspended through the supplier', () => {
    fc.assert(
      fc.property(arbFrom, fc.constantFrom<LinkStatus>('Approved', 'Rejected', 'Suspended'), (from, to) => {
        expect(canTransition(from, to, 'consumer')).toBe(false);
      }),
    );
  });

  it('make a walk of allowed moves from nothing visit Approved only after Pending', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(arbStatus, arbActor), { maxLength: 30 }), (moves) => {
        let status: LinkStatus | null = null;
        const seen: LinkStatus[] = [];
        for (const [to, by] of moves)
          if (canTransition(status, to, by)) {
            status = to;
            seen.push(to);
          }
        const firstApproved = seen.indexOf('Approved');
        if (firstApproved >= 0) expect(seen.slice(0, firstApproved)).toContain('Pending');
      }),
    );
  });
});

describe('supplier link rules (examples)', () => {
  it('lists the supplier actions per status', () => {
    expect(nextStatuses('Pending', 'supplier')).toEqual(['Approved', 'Rejected']);
    expect(nextStatuses('Approved', 'supplier')).toEqual(['Suspended']);
    expect(nextStatuses('Suspended', 'supplier')).toEqual(['Approved']);
    expect(nextStatuses('Rejected', 'supplier')).toEqual([]);
    expect(nextStatuses(null, 'consumer')).toEqual(['Pending']);
  });

  it('treats a move out of Pending as a decision', () => {
    expect(isDecision('Pending')).toBe(true);
    expect(isDecision('Approved')).toBe(false);
    expect(isDecision(null)).toBe(false);
  });

  it('counts approved and suspended links as established consumers', () => {
    expect(LINK_STATUSES.filter(isEstablished)).toEqual(['Approved', 'Suspended']);
  });

  it('makes a link usable only when approved and not paused by the consumer', () => {
    fc.assert(
      fc.property(arbStatus, fc.constantFrom(...MAPPING_STATUSES), (status, mappingStatus) => {
        expect(isUsable({ status, mappingStatus })).toBe(status === 'Approved' && mappingStatus === 'Active');
      }),
    );
  });
});
