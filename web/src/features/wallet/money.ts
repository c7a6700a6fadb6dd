const INR = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 });

/** "₹5,00,000" — Indian grouping; other currencies fall back to code + amount. */
export function formatMoney(amount: number, currency = 'INR'): string {
  if (currency === 'INR') return INR.format(amount);
  return `${currency} ${amount.toFixed(2)}`;
}

/** A fresh idempotency key for one Add Money / payment dialog (server accepts [A-Za-z0-9_-]{8,64}). */
export const newRequestId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
