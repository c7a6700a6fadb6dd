import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useSWRConfig } from 'swr';
import { toastSuccess } from '#lib/notify.ts';
import type { CallTarget } from './boot.ts';
import { ApiError, callWithMessage, type CallOptions, type RequestIn, type ResponseIn } from './client.ts';

/** What a form offers an action: a place for the server's field errors (a Mantine `useForm`). */
export interface ErrorTarget {
  setFieldError(path: string, error: ReactNode): void;
}

export interface ActionOptions<I, R> {
  /**
   * The success toast: the server's `message` when it sent one, else this text (or the text this
   * function gives). Omitted or false: no toast (the screen shows the outcome itself).
   */
  success?: string | false | ((result: R, input: I) => string);
  /** After the toast, before `revalidate`, while `busy` still holds (navigation, closing a dialog, a cache). */
  onSuccess?: (result: R, input: I) => unknown;
  /** After a failure. An ApiError was already reported by the client's error catalogue. */
  onError?: (error: unknown, input: I) => void;
  /** Reads refreshed after a success: every SWR key of these endpoints (`useApi`), whatever its input. */
  revalidate?: readonly Pick<CallTarget, 'id'>[];
  /** Server field errors (`shortError`) land on this form's fields, renamed by `field` when given. */
  form?: ErrorTarget;
  field?: (serverField: string) => string;
  /** How much of the error catalogue the call wants (endpoint actions only). */
  call?: CallOptions;
}

export interface Action<I, R> {
  /** Resolves to the payload, or undefined after a failure (never rejects). */
  run(input: I): Promise<R | undefined>;
  /** True while a run is under way: drives the button's `loading` (which also disables it). */
  busy: boolean;
  /** The input of the run under way, for screens with one button per row. */
  pending: I | undefined;
}

type Task<I, R> = (input: I) => Promise<R>;

/**
 * Server validation errors (`shortError`: field → message) onto the form's own fields; true when a field
 * got one. For tasks whose calls refuse midway: an endpoint action does this itself (its `form` option).
 */
export function applyFieldErrors(
  form: ErrorTarget,
  error: unknown,
  rename: (field: string) => string = (f) => f,
): boolean {
  if (!(error instanceof ApiError)) return false;
  const entries = Object.entries(error.fieldErrors);
  for (const [field, message] of entries) form.setFieldError(rename(field), message);
  return entries.length > 0;
}

/** SWR's key filter for every cached read of these endpoints (`useApi` keys are `[endpoint.id, input]`). */
export function keysOf(endpoints: readonly Pick<CallTarget, 'id'>[]): (key: unknown) => boolean {
  const ids = new Set(endpoints.map((e) => e.id));
  return (key) => Array.isArray(key) && ids.has(key[0] as string);
}

const saved = new Set<() => void>();

/**
 * Called after each successful write: an open dialog takes what it holds from then on as saved, not as
 * typed data to ask about (web/src/shared/Modal.tsx). Returns the unsubscribe.
 */
export function onActionSuccess(listener: () => void): () => void {
  saved.add(listener);
  return () => saved.delete(listener);
}

/**
 * The one way the SPA writes. `useAction(endpoint)` calls a contract endpoint; `useAction(task)` runs
 * several calls as one step (a booking's order, a paged export). Either way: busy state, the success
 * toast (4 s), field errors onto the form, named reads refreshed, and a failure that resolves
 * undefined because the error catalogue has already told the user.
 */
export function useAction<E extends CallTarget>(
  endpoint: E,
  options?: ActionOptions<RequestIn<E>, ResponseIn<E>>,
): Action<RequestIn<E>, ResponseIn<E>>;
export function useAction<I, R>(task: Task<I, R>, options?: ActionOptions<I, R>): Action<I, R>;
export function useAction(target: CallTarget | Task<unknown, unknown>, options: ActionOptions<unknown, unknown> = {}) {
  const { mutate } = useSWRConfig();
  const [pending, setPending] = useState<{ input: unknown } | null>(null);
  const runs = useRef(0);
  // The latest target and options, so `run` keeps one identity across renders (set after each commit,
  // before any handler or effect of that render can call it).
  const latest = useRef({ target, options });
  useLayoutEffect(() => {
    latest.current = { target, options };
  });

  const run = useCallback(
    async (input: unknown) => {
      const { target: to, options: o } = latest.current;
      runs.current += 1;
      setPending({ input });
      try {
        const { result, message } =
          typeof to === 'function'
            ? { result: await to(input), message: undefined }
            : await callWithMessage(to, input as never, o.call);
        const text = typeof o.success === 'function' ? o.success(result, input) : o.success;
        if (text !== undefined && text !== false) toastSuccess(message ?? text);
        await o.onSuccess?.(result, input);
        for (const listener of saved) listener();
        // Key only (no data argument): SWR revalidates and keeps showing the current data meanwhile.
        if (o.revalidate?.length) await mutate(keysOf(o.revalidate));
        return result;
      } catch (error) {
        if (o.form) applyFieldErrors(o.form, error, o.field);
        if (o.onError) o.onError(error, input);
        // Not a refused call: nobody has told the user, so at least the console hears of it.
        else if (!(error instanceof ApiError)) console.error('[action] failed', error);
        return undefined;
      } finally {
        runs.current -= 1;
        if (runs.current === 0) setPending(null);
      }
    },
    [mutate],
  );

  return { run, busy: pending !== null, pending: pending?.input };
}
