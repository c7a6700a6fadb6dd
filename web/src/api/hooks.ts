import useSWR, { type SWRConfiguration } from 'swr';
import type { CallTarget } from './boot.ts';
import { nextTask } from '#lib/next-task.ts';
import { call, type ApiError, type CallOptions, type RequestIn, type ResponseIn } from './client.ts';

/** SWR key of a call: endpoint id + input, so two screens asking the same thing share one request. */
export const apiKey = <E extends CallTarget>(endpoint: E, input: RequestIn<E>) => [endpoint.id, input] as const;

/** Reads through SWR. Pass `null` as input to wait (conditional fetching). */
export function useApi<E extends CallTarget>(
  endpoint: E,
  input: RequestIn<E> | null,
  config?: SWRConfiguration<ResponseIn<E>, ApiError> & { call?: CallOptions },
) {
  const { call: callOptions, ...swr } = config ?? {};
  return useSWR<ResponseIn<E>, ApiError>(
    input === null ? null : apiKey(endpoint, input),
    // In a task of its own, not the commit's that mounted the reader (nextTask).
    () => nextTask().then(() => call(endpoint, input as RequestIn<E>, callOptions)),
    swr,
  );
}

// Writes go through `useAction` (action.ts).

/** App-wide SWR behaviour: the client already reported a failure, so no automatic retries (no repeated toasts). */
export const SWR_DEFAULTS: SWRConfiguration = {
  revalidateOnFocus: false,
  shouldRetryOnError: false,
};
