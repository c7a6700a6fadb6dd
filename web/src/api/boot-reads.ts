/**
 * A screen's first read that the boot loader asked for before the app's code arrived (SpaRoute.bootRead,
 * web/boot/load.js). The client takes it once, in place of asking again, when it asks for the same URL soon
 * after the page opened; an answer other than a success is dropped and asked for again, so a session that
 * expired meanwhile, or a read that failed, behaves as if the boot loader had never asked.
 */
declare global {
  interface Window {
    __tpBootReads?: Record<string, Promise<Response>>;
    /** The same answers parsed, once they arrived and succeeded (the boot loader parses them for its preview). */
    __tpBootAnswers?: Record<string, { success: boolean; result?: unknown }>;
  }
}

/** Past this, an untaken boot read (the app opened another screen first) is too old to stand for a new one. */
const FRESH_MS = 30_000;

export function takeBootRead(url: string): Promise<Response | undefined> | undefined {
  const reads = window.__tpBootReads;
  const read = reads?.[url];
  if (!read) return undefined;
  delete reads[url];
  if (performance.now() > FRESH_MS) return undefined;
  return read.then(
    (res) => (res.ok ? res : undefined),
    () => undefined,
  );
}

/**
 * A boot read's answer, already arrived and parsed, for a screen's first render to draw from (the row the boot shell
 * painted stays on screen instead of a loader). It is not taken: the screen's read still takes the response.
 */
export function bootAnswer(url: string): unknown {
  const body = window.__tpBootAnswers?.[url];
  if (!body?.success || performance.now() > FRESH_MS) return undefined;
  return body.result;
}
