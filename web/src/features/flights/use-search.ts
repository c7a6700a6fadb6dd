import { startTransition, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { search } from '@tp/contracts/endpoints/flights';
import type { TSearchResponse } from '@tp/contracts/endpoints/flights';
import { ApiError, call } from '#api/client.ts';
import { flightPaths } from './paths.ts';
import { queryToSearch } from './search-query.ts';
import { parseSearchAnswer } from './search-answer.ts';
import { searchCache } from './state.ts';

export type SearchState =
  | { kind: 'loading' }
  | { kind: 'ready'; response: TSearchResponse }
  | { kind: 'invalid' }
  /** `message`: the server's words, when it refused (e.g. flights not offered on this site yet). */
  | { kind: 'failed'; status: number; message: string | null };

/** In-flight searches by query: React's double effects in development and quick re-renders share one request. */
const inFlight = new Map<string, Promise<TSearchResponse>>();

/**
 * The results of `searchId`: from the client store when this tab searched it, otherwise a new search
 * from the URL query (reload, shared link, 'new'); the URL then takes the new searchId.
 */
export function useSearchResults(searchId: string, query: string): { state: SearchState; retry: () => void } {
  const navigate = useNavigate();
  const cached = searchCache.get(searchId);

  const request = useMemo(() => queryToSearch(query), [query]);
  const [attempt, setAttempt] = useState(0);
  const runKey = `${query}#${attempt}`;
  const [failure, setFailure] = useState<{ key: string; status: number; message: string | null } | null>(null);

  useEffect(() => {
    if (searchCache.get(searchId) || !request) return;
    let live = true;
    let pending = inFlight.get(query);
    if (!pending) {
      pending = call(search, request, { parse: parseSearchAnswer }).finally(() => inFlight.delete(query));
      inFlight.set(query, pending);
    }
    pending.then(
      (response) => {
        searchCache.put(response);
        // A transition: React renders the ~1,400 results in time slices instead of one task (a default
        // update renders without yielding), so the page stays responsive while they appear.
        if (live) startTransition(() => navigate(flightPaths.results(response.searchId, query), { replace: true }));
      },
      (error: unknown) => {
        if (!live) return;
        const refused = error instanceof ApiError ? error : null;
        setFailure({ key: runKey, status: refused?.status ?? 0, message: refused?.envelope?.errorMessage || null });
      },
    );
    return () => {
      live = false;
    };
  }, [searchId, query, request, navigate, runKey]);

  const state: SearchState = cached
    ? { kind: 'ready', response: cached }
    : !request
      ? { kind: 'invalid' }
      : failure?.key === runKey
        ? { kind: 'failed', status: failure.status, message: failure.message }
        : { kind: 'loading' };
  return { state, retry: () => setAttempt((a) => a + 1) };
}
