let pending: Promise<void> | undefined;

/**
 * Resolves in a task of its own, one for everything that asks within the same task. A read started while
 * React commits (SWR starts its request in a layout effect) would otherwise run `fetch` (several ms the first
 * time, four times that on a slow phone) inside the commit's task, making one long task of two short ones;
 * the reads of one commit still start together, in the same order. A message, not a timer: no clamping, and
 * tests' fake timers do not hold it back.
 */
export function nextTask(): Promise<void> {
  pending ??= new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      pending = undefined;
      resolve();
    };
    port2.postMessage(null);
  });
  return pending;
}
