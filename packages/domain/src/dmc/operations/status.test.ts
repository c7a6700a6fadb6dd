import { describe, expect, it } from 'vitest';
import { M } from '../test-fixtures.ts';
import { OPS_TEXT } from './messages.ts';
import {
  STATUS_TARGETS,
  transferChargesChange,
  transferDriverChange,
  transferStatusChange,
  type StatusTarget,
} from './status.ts';
import { transfer } from './test-fixtures.ts';
import { TRANSFER_STATUSES, isOpenTransfer, type Transfer, type TransferStatus } from './types.ts';

const NOW = '2026-12-01T08:15:00.000Z';
const EARLIER = '2026-11-30T20:00:00.000Z';

/** A transfer in a given state, its spec fields consistent with it. */
const inState = (status: TransferStatus, over: Partial<Transfer> = {}): Transfer =>
  transfer({
    status,
    driverId: status === 'pending' ? null : 'drv-ahmed',
    isCompleted: status === 'done',
    completedAt: status === 'done' ? EARLIER : null,
    ...over,
  });

// Every (from, to) pair for staff: the resulting status, or the refusal code.
const STAFF: Record<TransferStatus, Record<StatusTarget, TransferStatus | string>> = {
  pending: { done: 'needsDriver', notDone: 'notDone', open: 'pending', cancelled: 'cancelled' },
  assigned: { done: 'done', notDone: 'notDone', open: 'assigned', cancelled: 'cancelled' },
  done: { done: 'done', notDone: 'notDone', open: 'assigned', cancelled: 'closed' },
  notDone: { done: 'done', notDone: 'notDone', open: 'assigned', cancelled: 'closed' },
  cancelled: {
    done: 'refused:cancelled',
    notDone: 'refused:cancelled',
    open: 'refused:cancelled',
    cancelled: 'cancelled',
  },
};

describe('transferStatusChange by staff', () => {
  for (const from of TRANSFER_STATUSES)
    for (const to of STATUS_TARGETS) {
      const expected = STAFF[from][to];
      it(`${from} → ${to}: ${expected}`, () => {
        const r = transferStatusChange(inState(from), to, 'staff', NOW);
        const outcome = r.ok ? r.transfer.status : r.code === 'cancelled' ? 'refused:cancelled' : r.code;
        expect(outcome).toBe(expected);
        if (!r.ok) return;
        expect(r.changed).toBe(from !== r.transfer.status);
        // isCompleted and completedAt always follow the status.
        expect(r.transfer.isCompleted).toBe(r.transfer.status === 'done');
        if (r.transfer.status !== 'done') expect(r.transfer.completedAt).toBeNull();
        else expect(r.transfer.completedAt).toBe(r.changed ? NOW : EARLIER);
      });
    }

  it('explains each refusal', () => {
    const msg = (t: Transfer, to: StatusTarget) => {
      const r = transferStatusChange(t, to, 'staff', NOW);
      return r.ok ? null : r.message;
    };
    expect(msg(inState('pending'), 'done')).toBe('Assign a driver before marking the transfer done');
    expect(msg(inState('cancelled'), 'open')).toBe('This transfer is cancelled and cannot be changed');
    expect(msg(inState('done'), 'cancelled')).toBe('This transfer is marked done; reopen it first');
    expect(msg(inState('notDone'), 'cancelled')).toBe('This transfer is marked not done; reopen it first');
  });

  it('reopens a not-done transfer without a driver as pending', () => {
    const r = transferStatusChange(inState('notDone', { driverId: null }), 'open', 'staff', NOW);
    expect(r.ok && r.transfer.status).toBe('pending');
  });

  it('keeps everything but the status fields', () => {
    const t = inState('assigned', { remarks: 'Call on arrival', internalDriverCharges: 120 });
    const r = transferStatusChange(t, 'done', 'staff', NOW);
    expect(r).toEqual({
      ok: true,
      changed: true,
      transfer: { ...t, status: 'done', isCompleted: true, completedAt: NOW },
    });
  });
});

describe('transferStatusChange by the driver', () => {
  const own = { driver: 'drv-ahmed' };
  const other = { driver: 'drv-bilal' };

  it('cannot mark a transfer done before its day (the site day decides)', () => {
    const later = inState('assigned', { date: '2026-12-09' });
    const r = transferStatusChange(later, 'done', own, NOW);
    expect(r).toMatchObject({ ok: false, code: 'tooEarly', message: OPS_TEXT.notYetItsDay('2026-12-09') });
    expect(transferStatusChange(later, 'done', own, NOW, '2026-12-09').ok).toBe(true);
  });

  it('marks their own assigned transfer done, once', () => {
    const r = transferStatusChange(inState('assigned'), 'done', own, NOW);
    expect(r.ok && r.transfer).toMatchObject({ status: 'done', isCompleted: true, completedAt: NOW });
    const again = transferStatusChange(inState('done'), 'done', own, NOW);
    expect(again.ok && again.changed).toBe(false);
    expect(again.ok && again.transfer.completedAt).toBe(EARLIER);
  });

  it("learns nothing about another driver's transfer, whatever its state", () => {
    for (const status of TRANSFER_STATUSES)
      for (const to of STATUS_TARGETS)
        expect(transferStatusChange(inState(status), to, other, NOW)).toEqual({
          ok: false,
          code: 'notYourTransfer',
          message: OPS_TEXT.notYourTransfer,
        });
  });

  it('may only mark done: not done, reopen and cancel are staff work', () => {
    for (const to of ['notDone', 'open', 'cancelled'] as const)
      expect(transferStatusChange(inState('assigned'), to, own, NOW)).toMatchObject({
        ok: false,
        code: 'driverOnlyDone',
        message: 'Drivers can only mark their own transfers done',
      });
  });

  it('cannot overrule staff: cancelled and not-done transfers stay so', () => {
    expect(transferStatusChange(inState('cancelled'), 'done', own, NOW)).toMatchObject({
      ok: false,
      code: 'cancelled',
    });
    expect(transferStatusChange(inState('notDone'), 'done', own, NOW)).toMatchObject({
      ok: false,
      code: 'closed',
      message: 'Staff marked this transfer not done; ask the office to change it',
    });
  });
});

describe('transferDriverChange', () => {
  it('assigns, changes and removes the driver of an open transfer', () => {
    const assigned = transferDriverChange(inState('pending'), 'drv-bilal');
    expect(assigned.ok && assigned.transfer).toMatchObject({ driverId: 'drv-bilal', status: 'assigned' });
    const changed = transferDriverChange(inState('assigned'), 'drv-bilal');
    expect(changed.ok && changed.transfer).toMatchObject({ driverId: 'drv-bilal', status: 'assigned' });
    const removed = transferDriverChange(inState('assigned'), null);
    expect(removed.ok && removed.transfer).toMatchObject({ driverId: null, status: 'pending' });
    expect(transferDriverChange(inState('assigned'), 'drv-ahmed')).toMatchObject({ ok: true, changed: false });
  });

  it('keeps the charges with the job', () => {
    const r = transferDriverChange(inState('assigned', { internalDriverCharges: 150 }), 'drv-bilal');
    expect(r.ok && r.transfer.internalDriverCharges).toBe(150);
  });

  it('refuses closed and cancelled transfers', () => {
    expect(transferDriverChange(inState('done'), 'drv-bilal')).toMatchObject({ ok: false, code: 'closed' });
    expect(transferDriverChange(inState('notDone'), null)).toMatchObject({ ok: false, code: 'closed' });
    expect(transferDriverChange(inState('cancelled'), 'drv-bilal')).toMatchObject({ ok: false, code: 'cancelled' });
  });
});

describe('transferChargesChange', () => {
  it('takes a non-negative amount to the cent, on open and closed transfers', () => {
    for (const status of ['pending', 'assigned', 'done', 'notDone'] as const) {
      const r = transferChargesChange(inState(status), 129.999, M);
      expect(r.ok && r.transfer.internalDriverCharges).toBe(130);
    }
    expect(transferChargesChange(inState('assigned'), 0, M)).toMatchObject({ ok: true, changed: true });
    expect(transferChargesChange(inState('assigned', { internalDriverCharges: 130 }), 130, M)).toMatchObject({
      ok: true,
      changed: false,
    });
  });

  it('refuses a missing, non-numeric or negative amount, and a cancelled transfer', () => {
    expect(transferChargesChange(inState('assigned'), null, M)).toMatchObject({ ok: false, message: M.required });
    expect(transferChargesChange(inState('assigned'), '12', M)).toMatchObject({ ok: false, message: M.invalidValue });
    expect(transferChargesChange(inState('assigned'), Number.NaN, M)).toMatchObject({
      ok: false,
      message: M.invalidValue,
    });
    expect(transferChargesChange(inState('assigned'), -1, M)).toMatchObject({ ok: false, message: M.tooSmall(0) });
    expect(transferChargesChange(inState('cancelled'), 10, M)).toMatchObject({ ok: false, code: 'cancelled' });
  });
});

it('counts pending and assigned as open', () => {
  expect(TRANSFER_STATUSES.filter((status) => isOpenTransfer({ status }))).toEqual(['pending', 'assigned']);
});
