/** Fakes shared by the functions' unit tests (never imported by handlers). */
import { expect, vi } from 'vitest';
import type { Logger } from './logger.ts';
import type { AppError } from './errors.ts';

/** A logger that records calls and prints nothing. */
export const quietLog = (): Logger => ({
  debug: vi.fn(),
  info: vi.fn(),
  warn: vi.fn(),
  error: vi.fn(),
  child: () => quietLog(),
});

/** The AppError a promise rejects with (fails the test when it resolves). */
export async function caught(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e as AppError,
  );
  expect(err).not.toBeNull();
  return err!;
}
