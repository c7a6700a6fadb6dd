/**
 * The deadline index and its one worker (docs/flights.md "One deadline scheduler"): a domain writes a deadline with
 * the change that creates it; the `deadlines` worker fires it once when due through the handler of its kind.
 */
export { deadlineItem, deadlineRemoval, type Deadline } from './repo.ts';
export { runDueDeadlines, type DeadlineHandlers } from './run.ts';
