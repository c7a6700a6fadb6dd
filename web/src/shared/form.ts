import { useForm, type FormErrors } from '@mantine/form';
import type * as z from 'zod/mini';
import type { ContractSchema, Endpoint } from '@tp/contracts/endpoint';
import { useAction, type ActionOptions } from '#api/action.ts';
import type { RequestIn, ResponseIn } from '#api/client.ts';

/** Field path → message, as a domain rule answers (a field without a problem may be absent or undefined). */
export type FieldProblems = Partial<Record<string, string>>;

/**
 * A form validator that checks what the server checks: the contract's request schema on the request the form
 * would send (`toRequest`; a field not filled in is left out, as a request without it), then the server's
 * own rule beyond the schema, if any, on the parsed request. Both run even when the schema fails (the rule
 * then sees the request as typed), so every field speaks at once; a field keeps its first message.
 */
export function requestResolver<V, S extends ContractSchema>(
  schema: S,
  toRequest: (values: V) => Partial<z.input<S>>,
  rule?: (request: z.output<S>) => FieldProblems,
): (values: V) => FormErrors {
  return (values) => {
    const body = toRequest(values);
    const parsed = schema.safeParse(body);
    const errors: FormErrors = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const path = issue.path.map(String).join('.');
        errors[path] ??= issue.message;
      }
    const request = (parsed.success ? parsed.data : body) as z.output<S>;
    for (const [field, message] of Object.entries(rule?.(request) ?? {})) if (message) errors[field] ??= message;
    return errors;
  };
}

/** A number field's value as a request carries it: blank is null (Mantine's NumberInput holds '' when empty). */
export const numberOrNull = (v: number | string | null | undefined): number | null =>
  v === '' || v === null || v === undefined ? null : Number(v);

/**
 * The app's form: Mantine `useForm` validated by the endpoint's request schema (and the server's rule beyond
 * it: `requestResolver`), submitted through `useAction` with its options (the success toast, `onSuccess` to
 * close or navigate, `revalidate`, the server's field errors back on the fields). `submit` goes on the
 * `<form onSubmit>`; `busy` on the submit button.
 */
export function useEndpointForm<V extends Record<string, unknown>, E extends Endpoint>({
  endpoint,
  initialValues,
  toRequest = (values) => values as unknown as Partial<z.input<E['request']>>,
  rule,
  ...action
}: {
  endpoint: E;
  initialValues: V;
  /**
   * The request the values make (the typed fields plus what the screen knows: an id, the customer).
   * Omitted: the values are the request.
   */
  toRequest?: (values: V) => Partial<z.input<E['request']>>;
  rule?: (request: z.output<E['request']>) => FieldProblems;
} & Omit<ActionOptions<RequestIn<E>, ResponseIn<E>>, 'form'>) {
  const form = useForm<V>({
    initialValues,
    validate: requestResolver<V, E['request']>(endpoint.request, toRequest, rule),
  });
  const save = useAction(endpoint, { ...action, form });
  const submit = form.onSubmit((values) => save.run(toRequest(values) as RequestIn<E>));
  return { form, submit, busy: save.busy };
}
