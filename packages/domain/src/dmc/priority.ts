/**
 * Rate priority (spec 001 §4: "rates per tour option can be reordered by priority; the list is sent in
 * reverse order"). The screen lists a tour option's ticket (or transfer) rates in the order the engine tries
 * them, top first. A drag sends `newPriority`: the rate ids bottom first, so a rate's position in the list,
 * plus one, is its priority and the highest priority is tried first.
 */
import { DMC_TEXT } from './messages.ts';

interface Prioritised {
  id: string;
  priority: number;
}

/** Engine and screen order: highest priority first; equal priorities (only before a first drag) by id. */
export const comparePriority = (a: Prioritised, b: Prioritised): number =>
  b.priority - a.priority || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export const byPriority = <T extends Prioritised>(rates: readonly T[]): T[] => [...rates].sort(comparePriority);

/** Moves the item at `from` to `to`; a drag that starts or ends outside the list changes nothing. */
export function reorder<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  const inside = (i: number) => Number.isInteger(i) && i >= 0 && i < list.length;
  if (!inside(from) || !inside(to)) return out;
  const [moved] = out.splice(from, 1) as [T];
  out.splice(to, 0, moved);
  return out;
}

/** `newPriority` for a displayed order (top first): the same ids, bottom first. */
export const newPriorityOf = (displayedIds: readonly string[]): string[] => [...displayedIds].reverse();

/** What the screen sends after dragging the rate at `from` to `to`. */
export const dragToNewPriority = (displayedIds: readonly string[], from: number, to: number): string[] =>
  newPriorityOf(reorder(displayedIds, from, to));

/**
 * The server side of a drag: each rate's new priority (its position in `newPriority` plus one). Refused unless
 * the list names every rate of the tour option exactly once, so a stale screen cannot drop or invent a rate.
 */
export function prioritiesFromNewPriority(
  newPriority: readonly string[],
  rateIds: readonly string[],
): { ok: true; priorities: Map<string, number> } | { ok: false; message: string } {
  const known = new Set(rateIds);
  const listed = new Set(newPriority);
  if (listed.size !== newPriority.length || listed.size !== known.size || newPriority.some((id) => !known.has(id)))
    return { ok: false, message: DMC_TEXT.priorityListMismatch };
  return { ok: true, priorities: new Map(newPriority.map((id, i) => [id, i + 1])) };
}

/** A newly saved rate goes on top: the latest contract is tried first until staff move it. */
export const nextPriority = (rates: readonly Prioritised[]): number =>
  rates.reduce((top, r) => Math.max(top, r.priority), 0) + 1;
