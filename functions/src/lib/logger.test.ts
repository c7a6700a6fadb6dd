import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetEnvCache } from './config.ts';
import { runWithCorrelation } from './correlation.ts';
import { createLogger } from './logger.ts';

/** The JSON lines written to stdout and stderr while `fn` runs. */
function captured(fn: () => void): { out: Record<string, unknown>[]; err: Record<string, unknown>[] } {
  const lines = { out: [] as string[], err: [] as string[] };
  const spy = (stream: NodeJS.WriteStream, into: string[]) =>
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      into.push(...String(chunk).split('\n').filter(Boolean));
      return true;
    });
  const spies = [spy(process.stdout, lines.out), spy(process.stderr, lines.err)];
  try {
    fn();
  } finally {
    for (const s of spies) s.mockRestore();
  }
  const parse = (l: string) => JSON.parse(l) as Record<string, unknown>;
  return { out: lines.out.map(parse), err: lines.err.map(parse) };
}

const saved = { ...process.env };
function withEnv(vars: Record<string, string>) {
  Object.assign(process.env, vars);
  resetEnvCache();
}
beforeEach(() => withEnv({ LOG_LEVEL: 'info' }));
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});

describe('logger', () => {
  it('writes one JSON line per event with the request id as correlation id, warnings and errors to stderr', () => {
    const { out, err } = captured(() => {
      const log = createLogger({ requestId: 'req-1', route: 'GET /api/x' });
      log.info('request', { status: 200 });
      log.warn('slow', { ms: 900 });
      log.error('request failed', { code: 'INTERNAL' });
    });
    expect(out).toEqual([
      expect.objectContaining({
        level: 'INFO',
        message: 'request',
        correlation_id: 'req-1',
        route: 'GET /api/x',
        status: 200,
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      }),
    ]);
    expect(err.map((l) => [l.level, l.message, l.correlation_id])).toEqual([
      ['WARN', 'slow', 'req-1'],
      ['ERROR', 'request failed', 'req-1'],
    ]);
  });

  it('writes a shared logger’s lines under the correlation id being handled; a request logger keeps its own', () => {
    const { out } = captured(() => {
      const shared = createLogger();
      const request = createLogger({ requestId: 'req-9' });
      shared.info('outside');
      runWithCorrelation('req-7', () => {
        shared.info('inside');
        shared.child({ bookingId: 'B1' }).info('child');
        request.info('own');
      });
    });
    expect(out.map((l) => [l.message, l.correlation_id])).toEqual([
      ['outside', undefined],
      ['inside', 'req-7'],
      ['child', 'req-7'],
      ['own', 'req-9'],
    ]);
  });

  it('redacts fields whose name looks secret, in the base, in a child and in one event', () => {
    const { out } = captured(() => {
      const log = createLogger({ requestId: 'r', sessionToken: 'base-secret' });
      log.child({ passwordHash: 'child-secret', userId: 'u1' }).info('signed in', {
        otp: '123456',
        Authorization: 'Bearer abc',
        cookie: 'auth-token=x',
        clientSecret: 's',
        credentials: 'c',
        siteId: 'site-flightdeals',
      });
    });
    const line = out[0]!;
    expect(line).toMatchObject({
      sessionToken: '[redacted]',
      passwordHash: '[redacted]',
      otp: '[redacted]',
      Authorization: '[redacted]',
      cookie: '[redacted]',
      clientSecret: '[redacted]',
      credentials: '[redacted]',
      userId: 'u1',
      siteId: 'site-flightdeals',
    });
    expect(JSON.stringify(line)).not.toMatch(/secret"|123456|Bearer|auth-token=/);
  });

  it('gives a child its parent correlation id, and each logger its own', () => {
    const { out } = captured(() => {
      const a = createLogger({ requestId: 'a' });
      const b = createLogger({ requestId: 'b' });
      a.child({ bookingId: 'B1' }).info('one');
      b.info('two');
      a.info('three');
    });
    expect(out.map((l) => [l.message, l.correlation_id, l.bookingId])).toEqual([
      ['one', 'a', 'B1'],
      ['two', 'b', undefined],
      ['three', 'a', undefined],
    ]);
  });

  it('honours LOG_LEVEL, silent included', () => {
    withEnv({ LOG_LEVEL: 'warn' });
    const warnOnly = captured(() => {
      const log = createLogger();
      log.debug('d');
      log.info('i');
      log.warn('w');
    });
    expect([...warnOnly.out, ...warnOnly.err].map((l) => l.message)).toEqual(['w']);

    withEnv({ LOG_LEVEL: 'silent' });
    const silent = captured(() => {
      const log = createLogger();
      log.info('i');
      log.error('e');
    });
    expect([...silent.out, ...silent.err]).toEqual([]);
  });

  it('logs a sampled logger at debug (POWERTOOLS_LOGGER_SAMPLE_RATE) and records the rate', () => {
    withEnv({ LOG_LEVEL: 'info', POWERTOOLS_LOGGER_SAMPLE_RATE: '1' });
    const sampled = captured(() => createLogger().debug('detail', { step: 2 }));
    expect(sampled.out).toContainEqual(
      expect.objectContaining({ level: 'DEBUG', message: 'detail', step: 2, sampling_rate: 1 }),
    );

    withEnv({ POWERTOOLS_LOGGER_SAMPLE_RATE: '0' });
    expect(captured(() => createLogger().debug('detail')).out).toEqual([]);
  });

  it('builds no Powertools logger for lines its level drops', async () => {
    const { Logger } = await import('@aws-lambda-powertools/logger');
    const built = vi.spyOn(Logger.prototype, 'setCorrelationId');
    withEnv({ LOG_LEVEL: 'warn' });
    captured(() => createLogger({ requestId: 'r-quiet' }).info('dropped'));
    expect(built).not.toHaveBeenCalled();
    captured(() => createLogger({ requestId: 'r-loud' }).warn('kept'));
    expect(built).toHaveBeenCalledWith('r-loud');
    built.mockRestore();
  });
});
