/**
 * Hooks: work that follows a committed change (a booking, a refund credited, a cart or quotation status) but must
 * never undo it, such as the GST invoice or the e-ticket mail. The entry hands a domain its hooks in that domain's
 * wiring; the domain runs them here, in order, each failure logged and swallowed so the change stands.
 */
export type Hook<A extends unknown[]> = (...args: A) => Promise<void>;

export async function runHooks<A extends unknown[]>(
  hooks: readonly Hook<A>[],
  args: A,
  logFailure: (err: unknown) => void,
): Promise<void> {
  for (const hook of hooks) await hook(...args).catch(logFailure);
}
