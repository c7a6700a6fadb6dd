/**
 * Global setup for the integration, contract and e2e tiers: one local stack per run (emulators are
 * started once, not per file), on ports of its own so a running `npm start` does not collide.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROOT, startStack, type Stack } from '../../scripts/local/stack.ts';
import { TEST_PORTS } from './ports.ts';

let stack: Stack | undefined;

export async function setup(project: TestProject): Promise<void> {
  const webDist = join(ROOT, 'web', 'dist');
  stack = await startStack({
    ports: TEST_PORTS,
    seed: true,
    logLevel: 'warn',
    ...(existsSync(join(webDist, 'index.html')) ? { webDist } : {}),
  });
  project.provide('gatewayUrl', stack.gatewayUrl);
  project.provide('sesUrl', stack.sesUrl);
  project.provide('sqsUrl', stack.sqsUrl);
  project.provide('dynamoUrl', stack.dynamoUrl);
}

export async function teardown(): Promise<void> {
  await stack?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    gatewayUrl: string;
    sesUrl: string;
    sqsUrl: string;
    dynamoUrl: string;
  }
}
