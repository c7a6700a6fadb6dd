import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DMC_TEXT } from './messages.ts';
import {
  byPriority,
  dragToNewPriority,
  newPriorityOf,
  nextPriority,
  prioritiesFromNewPriority,
  reorder,
} from './priority.ts';

describe('rate priority (§4: newPriority is sent in reverse order)', () => {
  it('moves the dragged rate and sends the new order bottom first', () => {
    // Screen, top first: promo, season, default. Drag "default" (2) to the top (0).
    expect(reorder(['promo', 'season', 'default'], 2, 0)).toEqual(['default', 'promo', 'season']);
    expect(dragToNewPriority(['promo', 'season', 'default'], 2, 0)).toEqual(['season', 'promo', 'default']);
    expect(dragToNewPriority(['promo', 'season', 'default'], 0, 1)).toEqual(['default', 'promo', 'season']);
    expect(newPriorityOf(['a', 'b'])).toEqual(['b', 'a']);
  });

  it('changes nothing for a drag that starts or ends outside the list', () => {
    expect(reorder(['a', 'b'], 0, 2)).toEqual(['a', 'b']);
    expect(reorder(['a', 'b'], -1, 0)).toEqual(['a', 'b']);
    expect(reorder(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });

  it('gives the last id of newPriority the highest priority, so it is tried first', () => {
    const r = prioritiesFromNewPriority(['season', 'promo', 'default'], ['promo', 'default', 'season']);
    expect(r).toEqual({
      ok: true,
      priorities: new Map([
        ['season', 1],
        ['promo', 2],
        ['default', 3],
      ]),
    });
  });

  it('refuses a list that drops, repeats or invents a rate', () => {
    const refused = { ok: false, message: DMC_TEXT.priorityListMismatch };
    expect(prioritiesFromNewPriority(['a'], ['a', 'b'])).toEqual(refused);
    expect(prioritiesFromNewPriority(['a', 'a'], ['a', 'b'])).toEqual(refused);
    expect(prioritiesFromNewPriority(['a', 'c'], ['a', 'b'])).toEqual(refused);
  });

  it('puts a new rate on top', () => {
    expect(nextPriority([])).toBe(1);
    expect(
      nextPriority([
        { id: 'a', priority: 3 },
        { id: 'b', priority: 1 },
      ]),
    ).toBe(4);
  });

  it('round-trips: what the server stores lists the rates in the dragged order (property)', () => {
    const arb = fc
      .uniqueArray(fc.stringMatching(/^[a-z]{1,4}$/), { minLength: 1, maxLength: 12 })
      .chain((ids) => fc.tuple(fc.constant(ids), fc.nat(ids.length - 1), fc.nat(ids.length - 1)));
    fc.assert(
      fc.property(arb, ([ids, from, to]) => {
        const sent = dragToNewPriority(ids, from, to);
        const stored = prioritiesFromNewPriority(sent, ids);
        if (!stored.ok) throw new Error(stored.message);
        const shown = byPriority(ids.map((id) => ({ id, priority: stored.priorities.get(id) as number })));
        const expected = reorder(ids, from, to);
        expect(shown.map((r) => r.id)).toEqual(expected);
        // The dragged rate lands where it was dropped; dragging it back restores the list.
        expect(expected[to]).toBe(ids[from]);
        expect(reorder(expected, to, from)).toEqual(ids);
      }),
    );
  });
});
