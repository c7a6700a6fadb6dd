import useSWRInfinite from 'swr/infinite';
import { call } from '#api/client.ts';
import type { CallTarget } from '#api/boot.ts';
import type { RequestIn, ResponseIn } from '#api/client.ts';

type Paged = CallTarget & { id: string };

/**
 * Cursor pages of a package list, page after page ("Show more"): the records so far, whether there is more, and
 * `more()` to load the next page. The key carries the endpoint and the filter, so a new filter starts again.
 */
export function useCursorPages<E extends Paged>(endpoint: E, input: RequestIn<E>) {
  type Page = ResponseIn<E> & { records: unknown[]; nextCursor: string | null };
  const pages = useSWRInfinite<Page>(
    (index: number, previous: Page | null) =>
      index === 0 ? [endpoint.id, input, ''] : previous?.nextCursor ? [endpoint.id, input, previous.nextCursor] : null,
    ([, , cursor]: [string, RequestIn<E>, string]) =>
      call(endpoint, { ...(input as object), ...(cursor ? { cursor } : {}) } as RequestIn<E>) as Promise<Page>,
    { revalidateFirstPage: false },
  );
  const records = pages.data?.flatMap((p) => p.records as Page['records']);
  const last = pages.data?.[pages.data.length - 1];
  return {
    records,
    error: pages.error as unknown,
    hasMore: Boolean(last?.nextCursor),
    loadingMore: pages.isValidating && pages.size > (pages.data?.length ?? 0),
    more: () => void pages.setSize(pages.size + 1),
    retry: () => void pages.mutate(),
    reload: () => pages.mutate(),
  };
}
