/**
 * The search answer (~1,400 offers, ~3.4 MB of JSON on a busy route) parsed in a worker: one
 * `JSON.parse` of it was a 100–250 ms main-thread task on a fast machine (×4 on Lighthouse's phone).
 * The worker sends the envelope, then the option lists in slices, one message each; the main thread
 * only deserialises a slice per task and puts the lists back together. Without workers (tests, an
 * old browser) or when the worker fails to start, the body is parsed here as before.
 */
import type { FilterOption, ResultIndex } from '@tp/domain/flight-filters';

/** A list's filter index without its options (those are the main thread's objects, attached on use). */
export type PreparedIndex = Omit<ResultIndex<FilterOption>, 'options'>;

/**
 * What the worker posts: the envelope (option lists empty when `lengths` is set), then slices of each
 * list, then that list's filter index (null when the options could not be indexed).
 */
export type AnswerMessage =
  | { kind: 'invalid' }
  | { kind: 'head'; body: unknown; lengths: number[] | null }
  | { kind: 'slice'; list: number; items: unknown[] }
  | { kind: 'index'; list: number; index: PreparedIndex | null };

/** The worker's indexes, by the option list they describe (the answer's own arrays). */
const prepared = new WeakMap<readonly unknown[], PreparedIndex>();

/**
 * The filter index of an option list of a search answer, as the worker prepared it (`indexResults`
 * of ~1,400 options was a 15–30 ms main-thread task, ×4 on a phone, in the results screen's first render), or
 * null when there is none (the answer was parsed here, or came from elsewhere).
 */
export function preparedIndex<T extends FilterOption>(options: readonly T[]): ResultIndex<T> | null {
  const index = prepared.get(options);
  return index ? { ...index, options } : null;
}

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
    // Options and indexes still to come.
    let remaining = 0;
    worker.onmessage = ({ data: m }: MessageEvent<AnswerMessage>) => {
      if (m.kind === 'invalid') return done(() => reject(new SyntaxError('The search answer is not JSON')));
      if (m.kind === 'head') {
        if (!m.lengths) return done(() => resolve(m.body));
        body = m.body as typeof body;
        body!.result.results = m.lengths.map(() => []);
        remaining = m.lengths.reduce((n, l) => n + l, m.lengths.length);
      } else if (m.kind === 'index') {
        if (m.index) prepared.set(body!.result.results[m.list]!, m.index);
        remaining--;
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
