import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SORT, NO_FILTERS, indexResults, showResults, type FilterOption } from '@tp/domain/flight-filters';
import { parseSearchAnswer, preparedIndex } from './search-answer.ts';
import { answerMessages } from './search-answer.worker.ts';
import { searchResponse } from './test-fixtures.ts';

/** A Worker that runs the worker's code in this thread, one message per task as a real one posts them. */
class InlineWorker {
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onerror: ((e: { preventDefault(): void }) => void) | null = null;
  static fail = false;
  postMessage(bytes: ArrayBuffer) {
    if (InlineWorker.fail) {
      setTimeout(() => this.onerror?.({ preventDefault() {} }));
      return;
    }
    for (const m of answerMessages(bytes)) setTimeout(() => this.onmessage?.({ data: structuredClone(m) }));
  }
  terminate() {}
}

const option = (i: number) => ({ resultIndex: `R${i}`, publishedPrice: 1000 + i });
const answer = {
  success: true,
  message: 'ok',
  result: { searchId: 's1', results: [Array.from({ length: 95 }, (_, i) => option(i)), [option(500)]] },
};
const response = (body: string) => new Response(body, { headers: { 'content-type': 'application/json' } });

describe('parseSearchAnswer', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    InlineWorker.fail = false;
  });

  it('puts the envelope and every option list back together from the slices, in order', async () => {
    vi.stubGlobal('Worker', InlineWorker);
    const messages = [...answerMessages(new TextEncoder().encode(JSON.stringify(answer)).buffer)];
    expect(messages.filter((m) => m.kind === 'slice').length).toBeGreaterThan(2);
    expect(await parseSearchAnswer(response(JSON.stringify(answer)))).toEqual(answer);
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

  it('parses on the main thread when the worker cannot start', async () => {
    vi.stubGlobal('Worker', InlineWorker);
    InlineWorker.fail = true;
    expect(await parseSearchAnswer(response(JSON.stringify(answer)))).toEqual(answer);
  });
});
