import type * as z from 'zod/mini';
import type { ContractSchema } from '@tp/contracts/endpoint';
import type { FormErrors } from '@mantine/form';
import { DMC_RULE_MESSAGES as RULE_MESSAGES } from '@tp/contracts/endpoints/dmc';
import type { DmcMessages } from '@tp/domain/dmc';

export { RULE_MESSAGES };

type FieldErrors = Partial<Record<string, string>>;

/**
 * A form validator that checks what the server checks: the contract's schema, then the domain rule
 * (packages/domain/src/dmc) on the parsed request, so a dialog shows the spec's exact messages before
 * anything is sent. `toBody` turns the form's values into the request the dialog would send (a field not
 * filled in is left out, as a request without it). Both checks
 * run even when the schema fails (the rule then sees the body as typed), so every field speaks at once;
 * a field keeps its first message.
 */
export function rulesResolver<V, S extends ContractSchema>(
  schema: S,
  toBody: (values: V) => Partial<z.input<S>>,
  rule?: (request: z.output<S>, messages: DmcMessages) => FieldErrors,
): (values: V) => FormErrors {
  return (values) => {
    const body = toBody(values);
    const parsed = schema.safeParse(body);
    const errors: FormErrors = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const path = issue.path.map(String).join('.');
        errors[path] ??= issue.message;
      }
    const request = (parsed.success ? parsed.data : body) as z.output<S>;
    for (const [field, message] of Object.entries(rule?.(request, RULE_MESSAGES) ?? {}))
      if (message) errors[field] ??= message;
    return errors;
  };
}

/** A number field's value as a request carries it: blank is null (Mantine's NumberInput holds '' when empty). */
export const numberOrNull = (v: number | string | null | undefined): number | null =>
  v === '' || v === null || v === undefined ? null : Number(v);
