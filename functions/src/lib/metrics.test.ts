import { afterEach, describe, expect, it, vi } from 'vitest';
import { METRICS } from '@tp/contracts/platform';
import { resetEnvCache } from './config.ts';
import { emitMetric } from './metrics.ts';

/** Every line written to stdout while `fn` runs. */
async function stdoutOf(fn: () => Promise<void>): Promise<string[]> {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    return true;
  });
  try {
    await fn();
  } finally {
    spy.mockRestore();
  }
  return lines;
}

const saved = { ...process.env };
function withEnv(vars: Record<string, string>) {
  process.env = { ...saved, ...vars };
  resetEnvCache();
}
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});

describe('business metrics', () => {
  it('writes one Embedded Metric Format line in the platform namespace, named as the monitoring stack reads it', async () => {
    withEnv({ LOG_LEVEL: 'info', AWS_LAMBDA_FUNCTION_NAME: 'travel-test-flights', POWERTOOLS_DEV: 'false' });
    const lines = await stdoutOf(() => emitMetric(METRICS.supplierError, 2));
    expect(lines).toHaveLength(1);
    const emf = JSON.parse(lines[0]!) as {
      _aws: { CloudWatchMetrics: { Namespace: string; Metrics: { Name: string; Unit: string }[] }[] };
      [name: string]: unknown;
    };
    expect(emf._aws.CloudWatchMetrics[0]!.Namespace).toBe(METRICS.namespace);
    expect(emf._aws.CloudWatchMetrics[0]!.Metrics).toEqual([{ Name: 'SupplierError', Unit: 'Count' }]);
    expect(emf.SupplierError).toBe(2);
    expect(emf.service).toBe('travel-test-flights');
  });

  it('writes seconds for the queue age', async () => {
    withEnv({ LOG_LEVEL: 'info', AWS_LAMBDA_FUNCTION_NAME: 'travel-test-payments' });
    const [line] = await stdoutOf(() => emitMetric(METRICS.queueMessageAge, 12.5, 'Seconds'));
    expect(JSON.parse(line!)).toMatchObject({
      _aws: { CloudWatchMetrics: [{ Metrics: [{ Name: 'QueueMessageAge', Unit: 'Seconds' }] }] },
      QueueMessageAge: 12.5,
    });
  });

  it('writes nothing where logs are off, or outside Lambda', async () => {
    withEnv({ LOG_LEVEL: 'silent', AWS_LAMBDA_FUNCTION_NAME: 'travel-test-flights' });
    expect(await stdoutOf(() => emitMetric(METRICS.flightBooked))).toEqual([]);
    withEnv({ LOG_LEVEL: 'info' });
    delete process.env.AWS_LAMBDA_FUNCTION_NAME;
    expect(await stdoutOf(() => emitMetric(METRICS.flightBooked))).toEqual([]);
  });
});
