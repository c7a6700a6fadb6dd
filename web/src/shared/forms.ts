import type { UseFormReturnType } from '@mantine/form';
import { ApiError } from '#api/client.ts';

/**
 * Server validation errors (`shortError`: field → message) onto the form's own fields. Returns
 * true when at least one field got a message, so the caller knows the toast was not the only feedback.
 */
export function applyServerErrors<T>(
  form: UseFormReturnType<T>,
  error: unknown,
  rename: (field: string) => string = (f) => f,
): boolean {
  if (!(error instanceof ApiError)) return false;
  const entries = Object.entries(error.fieldErrors);
  for (const [field, message] of entries) form.setFieldError(rename(field), message);
  return entries.length > 0;
}
