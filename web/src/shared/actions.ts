import type { Endpoint } from '@tp/contracts/endpoint';
import { callWithMessage, type RequestIn, type ResponseIn } from '#api/client.ts';
import { toastSuccess } from './notify.ts';

/**
 * Kept only for the DMC screens still being written; every other screen writes with `useAction`
 * (#api/action.ts), which toasts the same way. Delete this file once they have moved.
 *
 * A write whose success is toasted with what the server says it did (its `message`), else `fallback`.
 * A failure was already toasted by the error catalogue; it rethrows so forms can map field errors.
 */
export async function act<E extends Endpoint>(
  endpoint: E,
  input: RequestIn<E>,
  fallback: string,
): Promise<ResponseIn<E>> {
  const { result, message } = await callWithMessage(endpoint, input);
  toastSuccess(message ?? fallback);
  return result;
}
