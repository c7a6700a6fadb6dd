/** A fresh idempotency key for one Add Money / payment dialog (server accepts [A-Za-z0-9_-]{8,64}). */
export const newRequestId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
