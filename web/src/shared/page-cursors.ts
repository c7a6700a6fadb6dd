import { useCallback, useState } from 'react';

/** What an answer tells of the next page: the page it answers and the cursor where the next one starts. */
export interface PageAnswer {
  page?: number | undefined;
  nextCursor?: string | null | undefined;
}

/**
 * Where each page of a numbered list starts, for lists whose answers also name their next page (`nextCursor`:
 * the staff ticket queues, the customer console): a page reached by Next or Previous is asked with its cursor and
 * reads only itself on the server; a page jumped to that no answer named yet is asked by number alone.
 * `remember(answer)` files an answer's cursor under the page after the one it answers (its own `page`, or
 * `answeredPage`), so a kept previous page never files its cursor under the page now asked; `reset` forgets them
 * all (a new filter starts again at page 1).
 */
export function usePageCursors(page: number) {
  const [cursors, setCursors] = useState<Record<number, string>>({});
  const remember = useCallback((answer: PageAnswer | undefined, answeredPage?: number) => {
    const next = answer?.nextCursor;
    const at = (answer?.page ?? answeredPage ?? 0) + 1;
    if (next) setCursors((known) => (known[at] === next ? known : { ...known, [at]: next }));
  }, []);
  const reset = useCallback(() => setCursors({}), []);
  const cursor = cursors[page];
  return { cursorInput: cursor ? { cursor } : {}, remember, reset };
}
