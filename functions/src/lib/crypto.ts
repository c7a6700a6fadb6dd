import { createHash, randomBytes } from 'node:crypto';

/** URL-safe random token with 256 bits of entropy. */
export const newToken = (): string => randomBytes(32).toString('base64url');
export const newId = (): string => randomBytes(12).toString('hex');
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('base64url');
