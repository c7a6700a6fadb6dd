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

/** What the main thread posts to the worker: the answer's bytes as they arrive, then their end. */
export type BodyMessage = { kind: 'chunk'; bytes: Uint8Array<ArrayBuffer> } | { kind: 'end' };

/**
 * A `parse` for `call()`: the response body as JSON, built from the worker's messages. The body goes
 * to the worker chunk by chunk as it arrives, each chunk its own short task (`arrayBuffer()` gathered
 * the 3.4 MB in one 15–20 ms task at the end); the worker parses once the last one is in.
 */
export async function parseSearchAnswer(res: Response): Promise<unknown> {
  if (typeof Worker === 'undefined' || !res.body) return parseHere(await res.arrayBuffer());
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const worker = new Worker(new URL('./search-answer.worker.ts', import.meta.url), { type: 'module' });
  const parsed = new Promise<unknown>((resolve, reject) => {
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
    // The chunks were copied, not transferred, so the body can still be parsed here.
    worker.onerror = (event) => {
      event.preventDefault();
      done(() => reading.then(async () => parseHere(await new Blob(chunks).arrayBuffer())).then(resolve, reject));
    };
  });
  const reading = (async () => {
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      worker.postMessage({ kind: 'chunk', bytes: value } satisfies BodyMessage);
    }
    worker.postMessage({ kind: 'end' } satisfies BodyMessage);
  })();
  // A body cut off mid-way fails the call as before (`call()` treats it as no body).
  await reading.catch((error: unknown) => {
    worker.terminate();
    throw error;
  });
  return parsed;
}
