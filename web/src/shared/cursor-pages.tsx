/**
 * The one way a screen reads a cursor-paged contract endpoint: the input may carry the `cursor` the previous
 * page handed out as `nextCursor`. Two views of the same protocol:
 * - `useCursorPages` + `<CursorPager>`: one page at a time, Previous / Next (tables);
 * - `useCursorList`: the pages so far as one list, with `more()` for the next ("Show more" lists).
 * Both read through SWR keyed by the endpoint's id, so `useAction`'s `revalidate` and retries work as for
 * any other read.
 */
import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import type { SWRConfiguration } from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { CallTarget } from '#api/boot.ts';
import { call, earlyAnswer, type ApiError, type CallOptions, type RequestIn, type ResponseIn } from '#api/client.ts';
import { useApi } from '#api/hooks.ts';

/** An endpoint's input without the cursor: what the list is of (its filters, its subject). */
export type ListInput<E> = Omit<RequestIn<E>, 'cursor' | 'page'>;

interface CursorPage {
  nextCursor?: string | null;
}

/** The input of one page: the list's input plus the cursor, sent only when there is one. */
const withCursor = <E,>(input: ListInput<E>, cursor: string | undefined) =>
  ({ ...input, ...(cursor ? { cursor } : {}) }) as RequestIn<E>;

/**
 * One page of a list at a time. Going back walks the stack of cursors already used; a new input (another
 * filter, another subject) starts again at page 1. `null` input waits, as with `useApi`. `numbered`: the
 * endpoint also takes the page's number (`page`), for lists that count their pages.
 */
export function useCursorPages<E extends CallTarget>(
  endpoint: E,
  input: ListInput<E> | null,
  config?: SWRConfiguration<ResponseIn<E>, ApiError> & { call?: CallOptions; numbered?: boolean },
) {
  const { numbered, ...readConfig } = config ?? {};
  const subject = JSON.stringify(input);
  const [state, setState] = useState<{ subject: string; stack: (string | undefined)[] }>({
    subject,
    stack: [undefined],
  });
  const stack = state.subject === subject ? state.stack : [undefined];
  const cursor = stack[stack.length - 1];
  const pageInput = input === null ? null : withCursor<E>(input, cursor);
  const read = useApi(endpoint, pageInput && numbered ? { ...pageInput, page: stack.length } : pageInput, readConfig);
  return Object.assign(read, {
    /** 1 for the first page. */
    page: stack.length,
    nextCursor: (read.data as CursorPage | undefined)?.nextCursor ?? null,
    next: (nextCursor: string) => setState({ subject, stack: [...stack, nextCursor] }),
    previous: () => setState({ subject, stack: stack.length > 1 ? stack.slice(0, -1) : stack }),
  });
}

export type CursorPages = Pick<ReturnType<typeof useCursorPages>, 'page' | 'nextCursor' | 'next' | 'previous'>;

/**
 * Previous / Next under a `useCursorPages` list; hidden while the list fits one page. With `totalPages`
 * (lists that count their pages) it says "Page 2 of 5" and stops at the last.
 */
export function CursorPager({ pages, totalPages }: { pages: CursorPages; totalPages?: number }) {
  const { page, nextCursor } = pages;
  if (page === 1 && !nextCursor) return null;
  const canGoOn = Boolean(nextCursor) && (totalPages === undefined || page < totalPages);
  return (
    <Group justify="space-between" component="nav" aria-label="Pages">
      <Text size="sm" c="dimmed">
        Page {page}
        {totalPages === undefined ? '' : ` of ${totalPages}`}
      </Text>
      <Group gap="xs">
        <Button variant="default" size="xs" disabled={page === 1} onClick={pages.previous}>
          Previous page
        </Button>
        <Button variant="default" size="xs" disabled={!canGoOn} onClick={() => nextCursor && pages.next(nextCursor)}>
          Next page
        </Button>
      </Group>
    </Group>
  );
}

/**
 * The pages of a list read so far, as one list of records ("Show more"): whether there is more, and
 * `more()` to read the next page. The key carries the endpoint and the input, so a new input starts again.
 */
export function useCursorList<E extends CallTarget>(endpoint: E, input: ListInput<E>) {
  type Page = ResponseIn<E> & { records: unknown[]; nextCursor: string | null };
  type Row = Page['records'][number];
  // The first page the boot loader already holds (a screen's SpaRoute.bootRead) is shown from the first render; the
  // read below still runs and takes that same response, so nothing is asked twice.
  // Only for the input it answered: fallback data would otherwise stand for any other filter's list while it loads.
  const subject = JSON.stringify(input);
  const [early] = useState(() => ({
    subject,
    page: earlyAnswer(endpoint, withCursor<E>(input, undefined)) as Page | undefined,
  }));
  const pages = useSWRInfinite<Page, ApiError>(
    (index: number, previous: Page | null) =>
      index === 0 ? [endpoint.id, input, ''] : previous?.nextCursor ? [endpoint.id, input, previous.nextCursor] : null,
    ([, , cursor]: [string, ListInput<E>, string]) =>
      call(endpoint, withCursor<E>(input, cursor || undefined)) as Promise<Page>,
    { revalidateFirstPage: false, ...(early.page && early.subject === subject ? { fallbackData: [early.page] } : {}) },
  );
  const last = pages.data?.[pages.data.length - 1];
  return {
    records: pages.data?.flatMap((p) => p.records as Row[]),
    error: pages.error,
    isLoading: pages.isLoading,
    hasMore: Boolean(last?.nextCursor),
    loadingMore: pages.isValidating && pages.size > (pages.data?.length ?? 0),
    more: () => void pages.setSize(pages.size + 1),
    /** Reads every page shown again (after a write). */
    reload: () => pages.mutate(),
  };
}
