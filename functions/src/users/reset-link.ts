/**
 * Password links: the rules, without I/O. A link's token is `<userId>_<secret>` (user ids are
 * hex); the user record keeps only the SHA-256 of the secret and the expiry (`resetLink`), so there is one live
 * link per user: a newer link replaces it, and a password change by any path removes it (repo.setPassword).
 */
import { sha256 } from '#lib/crypto';
import type { UserRecord } from './record.ts';

/** The id no user has: forgetPassword's write for an unknown address names it and changes nothing. */
export const NO_USER = 'nobody';

export const resetLinkToken = (userId: string, secret: string): string => `${userId}_${secret}`;

/** The user a link names and the hash of its secret; null for anything that is not one of our links. */
export function readResetToken(token: string): { userId: string; secretHash: string } | null {
  const cut = token.indexOf('_');
  if (cut <= 0 || cut === token.length - 1 || token.length > 200) return null;
  return { userId: token.slice(0, cut), secretHash: sha256(token.slice(cut + 1)) };
}

/** True while `secretHash` is the user's live link and `now` is before its expiry. */
export const resetLinkLive = (user: Pick<UserRecord, 'resetLink'>, secretHash: string, now: Date): boolean =>
  user.resetLink?.id === secretHash && user.resetLink.expiresAt > Math.floor(now.getTime() / 1000);
