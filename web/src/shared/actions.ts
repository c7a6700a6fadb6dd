import type { Endpoint, RequestOf, ResponseOf } from '@tp/contracts/endpoint';
import { callWithMessage } from '#api/client.ts';
import { toastSuccess } from './notify.ts';

/**
 * A write whose success is toasted with what the server says it did (its `message`), else `fallback`.
 * A failure was already toasted by the error catalogue; it rethrows so forms can map field errors.
 */
export async function act<E extends Endpoint>(
  endpoint: E,
  input: RequestOf<E>,
  fallback: string,
): Promise<ResponseOf<E>> {
  const { result, message } = await callWithMessage(endpoint, input);
  toastSuccess(message ?? fallback);
  return result;
}
