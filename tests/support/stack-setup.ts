/**
 * Global setup for the integration, contract and e2e tiers: one local stack per run (emulators are
 * started once, not per file), on ports of its own so a running `npm start` does not collide.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROOT, startStack, type Stack } from '../../scripts/local/stack.ts';
import { TEST_PORTS } from './ports.ts';
import { socialEnv, startSocialKeys, type SocialKeys } from './social-keys.ts';
import { startStackLock, type StackLock } from './stack-lock.ts';

let stack: Stack | undefined;
let socialKeys: SocialKeys | undefined;
let stackLock: StackLock | undefined;

export async function setup(project: TestProject): Promise<void> {
  const webDist = process.env.WEB_DIST ?? join(ROOT, 'web', 'dist');
  // Handlers run in this process and read their env once: point Google/Facebook key checks at local keys first.
  socialKeys = await startSocialKeys(TEST_PORTS.gateway + 10);
  Object.assign(process.env, socialEnv(socialKeys.jwksUrl));
  stack = await startStack({
    ports: TEST_PORTS,
    seed: true,
    logLevel: 'warn',
    ...(existsSync(join(webDist, 'index.html')) ? { webDist } : {}),
  });
  stackLock = await startStackLock();
  project.provide('stackLockUrl', stackLock.url);
  project.provide('gatewayUrl', stack.gatewayUrl);
  project.provide('sesUrl', stack.sesUrl);
  project.provide('sqsUrl', stack.sqsUrl);
  project.provide('dynamoUrl', stack.dynamoUrl);
  project.provide('socialPrivateJwk', socialKeys.privateJwk);
}

export async function teardown(): Promise<void> {
  await stackLock?.stop();
  await stack?.stop();
  await socialKeys?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    gatewayUrl: string;
    sesUrl: string;
    sqsUrl: string;
    dynamoUrl: string;
    /** Where integration files take their turn on the stack (tests/support/stack-turn.ts). */
    stackLockUrl: string;
  }
}
