import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SORT, NO_FILTERS, indexResults, showResults, type FilterOption } from '@tp/domain/flight-filters';
import { parseSearchAnswer, preparedIndex, type BodyMessage } from './search-answer.ts';
import { answerMessages } from './search-answer.worker.ts';
import { searchResponse } from './test-fixtures.ts';

/** A Worker that runs the worker's code in this thread, one message per task as a real one posts them. */
class InlineWorker {
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onerror: ((e: { preventDefault(): void }) => void) | null = null;
  static fail = false;
  /** Chunks each worker was sent before the end. */
  static chunkCounts: number[] = [];
  private chunks: Uint8Array<ArrayBuffer>[] = [];
  postMessage(m: BodyMessage) {
    if (InlineWorker.fail) {
      if (m.kind === 'end') setTimeout(() => this.onerror?.({ preventDefault() {} }));
      return;
    }
    if (m.kind === 'chunk') return void this.chunks.push(structuredClone(m.bytes));
    InlineWorker.chunkCounts.push(this.chunks.length);
    void new Blob(this.chunks).arrayBuffer().then((bytes) => {
      for (const a of answerMessages(bytes)) setTimeout(() => this.onmessage?.({ data: structuredClone(a) }));
    });
  }
  terminate() {}
}

const option = (i: number) => ({ resultIndex: `R${i}`, publishedPrice: 1000 + i });
const answer = {
  success: true,
  message: 'ok',
  result: { searchId: 's1', results: [Array.from({ length: 95 }, (_, i) => option(i)), [option(500)]] },
};
/** A response whose body arrives in chunks of 1 KB, as a large answer does over the network. */
const response = (body: string) => {
  const bytes = new TextEncoder().encode(body);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 1024) controller.enqueue(bytes.slice(at, at + 1024));
      controller.close();
    },
  });
  return new Response(stream, { headers: { 'content-type': 'application/json' } });
};

describe('parseSearchAnswer', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    InlineWorker.fail = false;
    InlineWorker.chunkCounts = [];
  });

  it('puts the envelope and every option list back together from the slices, in order', async () => {
    vi.stubGlobal('Worker', InlineWorker);
    const messages = [...answerMessages(new TextEncoder().encode(JSON.stringify(answer)).buffer)];
    expect(messages.filter((m) => m.kind === 'slice').length).toBeGreaterThan(2);
    expect(await parseSearchAnswer(response(JSON.stringify(answer)))).toEqual(answer);
  });

  it('hands the body to the worker chunk by chunk as it arrives', async () => {
    vi.stubGlobal('Worker', InlineWorker);
    const body = JSON.stringify({ success: true, result: searchResponse(130) });
    await parseSearchAnswer(response(body));
    expect(InlineWorker.chunkCounts).toEqual([Math.ceil(new TextEncoder().encode(body).length / 1024)]);
  });

  it("hands over the worker's filter index of each list, the same as one built here", async () => {
    vi.stubGlobal('Worker', InlineWorker);
    const full = { success: true, result: searchResponse(130) };
    const parsed = (await parseSearchAnswer(response(JSON.stringify(full)))) as typeof full;
    const list = parsed.result.results[0]!;
    const index = preparedIndex(list);
    expect(index?.options).toBe(list);
    const { orders: _a, ...prepared } = index!;
    const { orders: _b, ...here } = indexResults(list);
    expect(prepared).toEqual(here);
    const filters = { ...NO_FILTERS, stops: [1], priceMax: 9000 };
    expect(showResults(index!, filters, DEFAULT_SORT)).toEqual(showResults(indexResults(list), filters, DEFAULT_SORT));
  });

  it('has no prepared index for options it did not parse, or that it could not index', async () => {
    vi.stubGlobal('Worker', InlineWorker);
    expect(preparedIndex(searchResponse(3).results[0]!)).toBeNull();
    // The minimal options above have no segments.
    const parsed = (await parseSearchAnswer(response(JSON.stringify(answer)))) as typeof answer;
    expect(parsed).toEqual(answer);
    expect(preparedIndex(parsed.result.results[0] as unknown as FilterOption[])).toBeNull();
  });

  it('passes an answer without option lists (an error envelope) through as it is', async () => {
    vi.stubGlobal('Worker', InlineWorker);
    const failed = { success: false, errorMessage: 'Search expired' };
    expect(await parseSearchAnswer(response(JSON.stringify(failed)))).toEqual(failed);
  });

  it('rejects a body that is not JSON', async () => {
    vi.stubGlobal('Worker', InlineWorker);
    await expect(parseSearchAnswer(response('<html>'))).rejects.toThrow(SyntaxError);
  });

  it('rejects a body that is not JSON when the worker cannot start either', async () => {
    vi.stubGlobal('Worker', InlineWorker);
    InlineWorker.fail = true;
    await expect(parseSearchAnswer(response('<html>'))).rejects.toThrow(SyntaxError);
  });

  it('parses on the main thread when the worker cannot start', async () => {
    vi.stubGlobal('Worker', InlineWorker);
    InlineWorker.fail = true;
    expect(await parseSearchAnswer(response(JSON.stringify(answer)))).toEqual(answer);
  });
});
