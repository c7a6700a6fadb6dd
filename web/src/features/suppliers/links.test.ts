import { describe, expect, it } from 'vitest';
import { LINK_STATUSES, nextStatuses } from '@tp/domain/supplier-links';
import { canRequest, supplierActions } from './links.ts';

describe('supplier screen actions follow the link rules', () => {
  it('offers the supplier exactly the allowed next states', () => {
    for (const from of LINK_STATUSES)
      expect(supplierActions(from).map((a) => a.to)).toEqual(nextStatuses(from, 'supplier'));
    expect(supplierActions('Pending').map((a) => a.label)).toEqual(['Approve', 'Reject']);
    expect(supplierActions('Approved').map((a) => a.label)).toEqual(['Suspend']);
    expect(supplierActions('Suspended').map((a) => a.label)).toEqual(['Reinstate']);
    expect(supplierActions('Rejected')).toEqual([]);
  });

  it('asks before the moves that are final or stop a consumer', () => {
    expect(supplierActions('Pending').find((a) => a.to === 'Rejected')?.confirm).toBeTruthy();
    expect(supplierActions('Approved')[0]?.confirm).toBeTruthy();
    expect(supplierActions('Pending').find((a) => a.to === 'Approved')?.confirm).toBeUndefined();
  });

  it('lets a consumer ask for a new list or again after a rejection only', () => {
    expect(canRequest(null)).toBe(true);
    expect(canRequest('Rejected')).toBe(true);
    expect(canRequest('Pending')).toBe(false);
    expect(canRequest('Approved')).toBe(false);
    expect(canRequest('Suspended')).toBe(false);
  });
});
