/**
 * One worker for every deadline of the index (repo.ts): each due deadline is claimed, handed to its kind's handler,
 * then removed; a failing handler releases it for the next run. Handlers must be idempotent (a run that crashes
 * between its handler and the removal is retried after the lease), which the mail keys and conditional writes make
 * them. Two runs at once fire each deadline once: the claim is conditional.
 */
import { randomUUID } from 'node:crypto';
import { log } from '#lib/logger';
import {
  claimDeadline,
  completeDeadline,
  dueDeadlines,
  releaseDeadline,
  type Deadline,
  type DeadlineKind,
} from './repo.ts';

export type DeadlineHandlers = Record<DeadlineKind, (d: Deadline, now: Date) => Promise<void>>;

/** Fires what is due by `now`; answers how many fired. `only` narrows the run (one site's, one record's). */
export async function runDueDeadlines(
  handlers: DeadlineHandlers,
  now: Date = new Date(),
  only: (d: Deadline) => boolean = () => true,
): Promise<number> {
  const claim = randomUUID();
  let fired = 0;
  for (const d of await dueDeadlines(now)) {
    if (!only(d)) continue;
    if (!(await claimDeadline(d, claim, now))) continue;
    try {
      await handlers[d.kind](d, now);
      await completeDeadline(d, claim);
      fired++;
    } catch (err) {
      log.error('deadline handler failed', { kind: d.kind, siteId: d.siteId, ref: d.ref, error: String(err) });
      await releaseDeadline(d, claim);
    }
  }
  if (fired) log.info('deadlines fired', { fired });
  return fired;
}
