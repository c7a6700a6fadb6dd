/**
 * The search answer (~1,400 offers, ~3.4 MB of JSON on a busy route) parsed in a worker: one
 * `JSON.parse` of it was a 100–250 ms main-thread task on a fast machine (×4 on Lighthouse's phone).
 * The worker sends the envelope, then the option lists in slices, one message each; the main thread
 * only deserialises a slice per task and puts the lists back together. Without workers (tests, an
 * old browser) or when the worker fails to start, the body is parsed here as before.
 */

/** What the worker posts: the envelope (option lists empty when `lengths` is set), then slices of each list. */
export type AnswerMessage =
  | { kind: 'invalid' }
  | { kind: 'head'; body: unknown; lengths: number[] | null }
  | { kind: 'slice'; list: number; items: unknown[] };

const parseHere = (bytes: ArrayBuffer): unknown => JSON.parse(new TextDecoder().decode(bytes));

/** A `parse` for `call()`: the response body as JSON, built from the worker's messages. */
export async function parseSearchAnswer(res: Response): Promise<unknown> {
  const bytes = await res.arrayBuffer();
  if (typeof Worker === 'undefined') return parseHere(bytes);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./search-answer.worker.ts', import.meta.url), { type: 'module' });
    const done = (settle: () => void) => {
      worker.terminate();
      settle();
    };
    let body: { result: { results: unknown[][] } } | undefined;
    let remaining = 0;
    worker.onmessage = ({ data: m }: MessageEvent<AnswerMessage>) => {
      if (m.kind === 'invalid') return done(() => reject(new SyntaxError('The search answer is not JSON')));
      if (m.kind === 'head') {
        if (!m.lengths) return done(() => resolve(m.body));
        body = m.body as typeof body;
        body!.result.results = m.lengths.map(() => []);
        remaining = m.lengths.reduce((n, l) => n + l, 0);
      } else {
        body!.result.results[m.list]!.push(...m.items);
        remaining -= m.items.length;
      }
      if (remaining === 0) done(() => resolve(body));
    };
    // The bytes were copied, not transferred, so they can still be parsed here.
    worker.onerror = (event) => {
      event.preventDefault();
      done(() => {
        try {
          resolve(parseHere(bytes));
        } catch (error) {
          reject(error as Error);
        }
      });
    };
    worker.postMessage(bytes);
  });
}
