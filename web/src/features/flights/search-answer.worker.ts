/// <reference lib="webworker" />
/**
 * Parses a search answer off the main thread (see search-answer.ts): the body arrives in chunks, the
 * envelope goes back first without its option lists, then the options in small slices, each its own
 * message, so the main thread deserialises ~1,400 offers in tasks of a few ms instead of one long parse.
 */
import { indexResults, type FilterOption } from '@tp/domain/flight-filters';
import type { AnswerMessage, BodyMessage, PreparedIndex } from './search-answer.ts';

/** Options per message: deserialising one slice stays well under a 50 ms task on a slow phone. */
const SLICE = 40;

/** The messages for one answer's bytes, in order. */
export function* answerMessages(bytes: ArrayBuffer): Generator<AnswerMessage> {
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    yield { kind: 'invalid' };
    return;
  }
  const result = (body as { result?: { results?: unknown } } | null)?.result;
  const lists =
    Array.isArray(result?.results) && result.results.every(Array.isArray) ? (result.results as unknown[][]) : null;
  if (!lists) {
    yield { kind: 'head', body, lengths: null };
    return;
  }
  yield {
    kind: 'head',
    body: { ...(body as object), result: { ...result, results: [] } },
    lengths: lists.map((l) => l.length),
  };
  for (const [i, list] of lists.entries()) {
    for (let at = 0; at < list.length; at += SLICE) yield { kind: 'slice', list: i, items: list.slice(at, at + SLICE) };
    yield { kind: 'index', list: i, index: prepare(list) };
  }
}

/** The results screen's filter index of one list, built here (see preparedIndex); null when the options do not fit it. */
function prepare(list: unknown[]): PreparedIndex | null {
  try {
    const { options: _options, ...index } = indexResults(list as FilterOption[]);
    return index;
  } catch {
    return null;
  }
}

/** The body's chunks as they come; the answer's messages once the last one is in. */
const chunks: Uint8Array<ArrayBuffer>[] = [];
self.onmessage = async ({ data: m }: MessageEvent<BodyMessage>) => {
  if (m.kind === 'chunk') return void chunks.push(m.bytes);
  for (const message of answerMessages(await new Blob(chunks).arrayBuffer())) self.postMessage(message);
};
