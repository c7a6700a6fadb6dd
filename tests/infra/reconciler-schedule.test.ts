/**
 * The reconciler on AWS: an EventBridge rule every minute invoking the reconciler Lambda
 * (functions/src/entries/workers/reconciler.ts), which reads and writes the table, re-sends outbox messages to
 * the payment-verification queue and lets bookings queue their e-ticket mail; it consumes no queue.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_URL_ENV, accessOf } from '../../infra/config/functions.ts';
import { SCHEDULED_WORKERS, workerEntries } from '../../infra/lib/bundling.ts';
import { SYNTH_TIMEOUT_MS, logicalId, resourcesOf, synthPlatform, type Synthesised } from './support.ts';

let s: Synthesised;
beforeAll(() => {
  s = synthPlatform('dev', { bundle: false });
}, SYNTH_TIMEOUT_MS);

describe('reconciler schedule', () => {
  it('is a scheduled worker every minute whose source exists', () => {
    expect(SCHEDULED_WORKERS).toContainEqual({ worker: 'reconciler', everyMinutes: 1 });
    const entry = workerEntries().find((e) => e.name === 'reconciler-worker');
    expect(entry?.entry).toMatch(/functions\/src\/entries\/workers\/reconciler\.ts$/);
    // A run ends before the fulfilment claim it may take (90 s) could be retaken by the next one.
    expect(accessOf('reconciler-worker').timeoutSeconds).toBeLessThan(90);
  });

  it('has an EventBridge rule every minute targeting it, may send to both queues, and consumes none', () => {
    const { api } = s.platform;
    const fn = api.functions.find((f) => f.name === 'reconciler-worker');
    expect(fn).toBeDefined();
    const fnId = logicalId(api, fn!.fn.node.defaultChild);
    const template = s.template(api);
    const rules = resourcesOf(template, 'AWS::Events::Rule').filter(([, p]) =>
      (p.Targets as { Arn: { 'Fn::GetAtt': string[] } }[]).some((t) => t.Arn['Fn::GetAtt']?.[0] === fnId),
    );
    expect(rules).toHaveLength(1);
    expect(rules[0]![1].ScheduleExpression).toBe('rate(1 minute)');
    expect(
      resourcesOf(template, 'AWS::Lambda::EventSourceMapping').filter(([, p]) => p.FunctionName.Ref === fnId),
    ).toEqual([]);
    const [, props] = resourcesOf(template, 'AWS::Lambda::Function').find(([id]) => id === fnId)!;
    const vars = props.Environment.Variables as Record<string, unknown>;
    expect(vars.TABLE_NAME).toBeDefined();
    expect(QUEUE_URL_ENV.paymentVerification in vars).toBe(true);
    expect(QUEUE_URL_ENV.email in vars).toBe(true);
  });
});
