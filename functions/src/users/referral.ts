import { randomBytes } from 'node:crypto';

/** Short human-friendly code (no 0/O, 1/I) for the referral screen. */
export function referralCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from(randomBytes(8), (b) => alphabet[b % alphabet.length]).join('');
}
