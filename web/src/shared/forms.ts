/**
 * Kept only for the DMC screens still being written with `act()`; everything else hands its form to
 * `useAction(endpoint, { form })` (#api/action.ts), where this rule lives.
 */
export { applyFieldErrors as applyServerErrors } from '#api/action.ts';
