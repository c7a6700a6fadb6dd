/**
 * The one deadline worker on AWS: an EventBridge rule every 5 minutes invoking the deadlines Lambda
 * (functions/src/entries/workers/deadlines.ts), which may read and write the table, send mail and pushes through
 * their queues, and nothing else; the separate crons it replaced (hold release, quotation and credit reminders,
 * visa document deletion) are gone.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_URL_ENV } from '../../infra/config/functions.ts';
import { SCHEDULED_WORKERS, workerEntries } from '../../infra/lib/bundling.ts';
import { SYNTH_TIMEOUT_MS, logicalId, resourcesOf, synthPlatform, type Synthesised } from './support.ts';

let s: Synthesised;
beforeAll(() => {
  // Templates only: bundling is covered by platform.test.ts.
  s = synthPlatform('dev', { bundle: false });
}, SYNTH_TIMEOUT_MS);

describe('deadlines schedule', () => {
  it('is a listed scheduled worker whose source exists', () => {
    expect(SCHEDULED_WORKERS).toContainEqual({ worker: 'deadlines', everyMinutes: 5 });
    const entry = workerEntries().find((e) => e.name === 'deadlines-worker');
    expect(entry?.entry).toMatch(/functions\/src\/entries\/workers\/deadlines\.ts$/);
    expect(entry?.everyMinutes).toBe(5);
    const crons = SCHEDULED_WORKERS.map((w) => w.worker);
    for (const gone of ['hold-release', 'kart-deadlines', 'credit-due', 'visa-documents'])
      expect(crons).not.toContain(gone);
  });

  it('has an EventBridge rule every 5 minutes that targets the deadlines function', () => {
    const { api } = s.platform;
    const fn = api.functions.find((f) => f.name === 'deadlines-worker');
    expect(fn).toBeDefined();
    const fnId = logicalId(api, fn!.fn.node.defaultChild);
    const template = s.template(api);
    const rules = resourcesOf(template, 'AWS::Events::Rule');
    const targeting = rules.filter(([, p]) =>
      (p.Targets as { Arn: { 'Fn::GetAtt': string[] } }[]).some((t) => t.Arn['Fn::GetAtt']?.[0] === fnId),
    );
    expect(targeting).toHaveLength(1);
    const [, rule] = targeting[0]!;
    expect(rule.ScheduleExpression).toBe('rate(5 minutes)');
    expect(rule.State ?? 'ENABLED').toBe('ENABLED');
    // EventBridge may invoke it: a permission for events.amazonaws.com on this function, from this rule.
    const permissions = resourcesOf(template, 'AWS::Lambda::Permission').filter(
      ([, p]) => p.Principal === 'events.amazonaws.com' && p.FunctionName['Fn::GetAtt']?.[0] === fnId,
    );
    expect(permissions).toHaveLength(1);
    expect(permissions[0]![1].SourceArn['Fn::GetAtt'][0]).toBe(targeting[0]![0]);
  });

  it('is not fed by a queue, and may send mail and pushes only', () => {
    const { api } = s.platform;
    const template = s.template(api);
    const fn = api.functions.find((f) => f.name === 'deadlines-worker')!;
    const fnId = logicalId(api, fn.fn.node.defaultChild);
    const mappings = resourcesOf(template, 'AWS::Lambda::EventSourceMapping');
    expect(mappings.filter(([, p]) => p.FunctionName.Ref === fnId)).toEqual([]);
    const [, props] = resourcesOf(template, 'AWS::Lambda::Function').find(([id]) => id === fnId)!;
    const vars = props.Environment.Variables as Record<string, unknown>;
    expect(vars.TABLE_NAME).toBeDefined();
    expect(QUEUE_URL_ENV.email in vars).toBe(true);
    expect(QUEUE_URL_ENV.notifications in vars).toBe(true);
    expect(QUEUE_URL_ENV.paymentVerification in vars).toBe(false);
    expect(props.Timeout).toBeLessThan(5 * 60);
  });
});
