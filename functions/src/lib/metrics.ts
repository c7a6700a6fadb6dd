/**
 * Business metrics through Powertools Metrics: each is one Embedded Metric Format log
 * line that CloudWatch turns into a metric, so no request waits on a metrics API call. Names are
 * `METRICS` in @tp/contracts/platform, which the monitoring stack charts and alarms on.
 *
 * Off where logs are off (LOG_LEVEL silent: tests and the bench) and locally outside Lambda, where nothing
 * reads EMF. The Powertools module is loaded on the first metric, not at import: request-path Lambdas
 * that never emit one pay nothing at cold start.
 */
import { METRICS, type MetricName } from '@tp/contracts/platform';
import { env } from './config.ts';

type Powertools = typeof import('@aws-lambda-powertools/metrics');

let loading: Promise<Powertools> | undefined;

const enabled = (): boolean => env().LOG_LEVEL !== 'silent' && Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME);

/**
 * Emits `name` at once (a single-metric line; business events are rare next to requests, so buffering per
 * invocation would buy nothing). Never throws: a metric must not fail the work it counts.
 */
export async function emitMetric(name: MetricName, value = 1, unit: 'Count' | 'Seconds' = 'Count'): Promise<void> {
  if (!enabled()) return;
  try {
    const { Metrics, MetricUnit } = await (loading ??= import('@aws-lambda-powertools/metrics'));
    const metrics = new Metrics({ namespace: METRICS.namespace, serviceName: process.env.AWS_LAMBDA_FUNCTION_NAME });
    metrics.singleMetric().addMetric(name, unit === 'Count' ? MetricUnit.Count : MetricUnit.Seconds, value);
  } catch {
    // Metrics are best effort by design.
  }
}
