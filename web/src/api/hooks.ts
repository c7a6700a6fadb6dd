import useSWR, { type SWRConfiguration } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { Endpoint, RequestOf, ResponseOf } from '@tp/contracts/endpoint';
import { call, type ApiError, type CallOptions } from './client.ts';

/** SWR key of a call: endpoint id + input, so two screens asking the same thing share one request. */
export const apiKey = <E extends Endpoint>(endpoint: E, input: RequestOf<E>) => [endpoint.id, input] as const;

/** Reads through SWR. Pass `null` as input to wait (conditional fetching). */
export function useApi<E extends Endpoint>(
  endpoint: E,
  input: RequestOf<E> | null,
  config?: SWRConfiguration<ResponseOf<E>, ApiError> & { call?: CallOptions },
) {
  const { call: callOptions, ...swr } = config ?? {};
  return useSWR<ResponseOf<E>, ApiError>(
    input === null ? null : apiKey(endpoint, input),
    () => call(endpoint, input as RequestOf<E>, callOptions),
    swr,
  );
}

/** Writes (form submits, toggles): `trigger(input)` resolves to the payload; `isMutating` drives buttons. */
export function useApiMutation<E extends Endpoint>(endpoint: E, options?: CallOptions) {
  return useSWRMutation<ResponseOf<E>, ApiError, string, RequestOf<E>>(
    endpoint.id,
    (_key: string, { arg }: { arg: RequestOf<E> }) => call(endpoint, arg, options),
  );
}

/** App-wide SWR behaviour: the client already reported a failure, so no automatic retries (no repeated toasts). */
export const SWR_DEFAULTS: SWRConfiguration = {
  revalidateOnFocus: false,
  shouldRetryOnError: false,
};
