import { describe, expect, it } from 'vitest';
import { canMoveTo, ENQUIRY_STATUSES, isFinalStatus, nextStatuses } from './enquiries.ts';

describe('enquiry status flow', () => {
  it('moves one way, may skip a step, and may be lost at any open step', () => {
    expect(nextStatuses('new')).toEqual(['contacted', 'quoted', 'won', 'lost']);
    expect(nextStatuses('contacted')).toEqual(['quoted', 'won', 'lost']);
    expect(nextStatuses('quoted')).toEqual(['won', 'lost']);
    expect(canMoveTo('quoted', 'contacted')).toBe(false);
    expect(canMoveTo('new', 'new')).toBe(false);
  });

  it('ends at won or lost', () => {
    for (const s of ENQUIRY_STATUSES) expect(isFinalStatus(s)).toBe(s === 'won' || s === 'lost');
    expect(nextStatuses('won')).toEqual([]);
    expect(canMoveTo('lost', 'won')).toBe(false);
  });
});
