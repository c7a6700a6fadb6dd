/**
 * Synthesises the platform in-process exactly as `cdk synth` does (cdk.json's context, cdk-nag
 * attached), once per test file, and hands out templates and nag findings from that one synthesis.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, Validations, type CfnElement, type NestedStack, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ROOT } from '../../infra/lib/bundling.ts';
import { definePlatform, type Platform } from '../../infra/lib/platform.ts';

export interface Synthesised {
  app: App;
  platform: Platform;
  assembly: CloudAssembly;
  /** A stack's template; a nested stack's from its own file in the assembly. */
  template(stack: Stack): Template;
  /** AwsSolutions findings left after acknowledgements, as `severity rule: paths`. */
  nagFindings(): string[];
}

/** Bundling some thirty Lambdas and synthesising six stacks; generous for a busy 2-core machine. */
export const SYNTH_TIMEOUT_MS = 300_000;

/**
 * A tiny stand-in for web/dist (index.html, sw.js, favicon, a brand folder, one hashed asset): the SPA upload
 * is asserted on known files, and the infra tier does not wait for (or depend on) a Vite build.
 */
export const SPA_FIXTURE = join(import.meta.dirname, 'fixtures', 'web-dist');

const CDK_CONTEXT = (JSON.parse(readFileSync(join(ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> })
  .context;

export interface SynthOptions {
  /** false skips esbuild (CDK stages an empty asset): for files that assert on templates only. */
  bundle?: boolean;
}

export function synthPlatform(stage: string, { bundle = true }: SynthOptions = {}): Synthesised {
  const skipBundling = bundle ? {} : { 'aws:cdk:bundling-stacks': [] };
  const app = new App({ context: { ...CDK_CONTEXT, ...skipBundling, stage } });
  const platform = definePlatform(app, stage, { spaDist: SPA_FIXTURE });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  // Throws, like the CLI fails, when cdk-nag reports an unacknowledged error.
  const assembly = app.synth();
  const templates = new Map<string, Template>();
  return {
    app,
    platform,
    assembly,
    template(stack) {
      const key = stack.nested ? (stack as NestedStack).templateFile : stack.stackName;
      if (!templates.has(key))
        templates.set(
          key,
          Template.fromJSON(
            stack.nested
              ? (JSON.parse(readFileSync(join(assembly.directory, key), 'utf8')) as Record<string, unknown>)
              : assembly.getStackByName(stack.stackName).template,
          ),
        );
      return templates.get(key)!;
    },
    nagFindings() {
      return new AwsSolutionsChecks()
        .validateScope(app)
        .violations.map(
          (v) => `${v.severity} ${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`,
        );
    },
  };
}

export const logicalId = (stack: Stack, element: unknown): string => stack.getLogicalId(element as CfnElement);

/** Resources of one type as [logicalId, properties] pairs. */
export function resourcesOf(template: Template, type: string): [string, Record<string, any>][] {
  return Object.entries(template.findResources(type)).map(([id, r]) => [
    id,
    (r as { Properties: Record<string, any> }).Properties,
  ]);
}

/** The distributions of the configured domains (infra/config/sites.ts): every one but the multi-tenant one. */
export const configuredDistributions = (template: Template): [string, Record<string, any>][] =>
  resourcesOf(template, 'AWS::CloudFront::Distribution').filter(
    ([, p]) => p.DistributionConfig.ConnectionMode !== 'tenant-only',
  );
