/**
 * Global setup of the e2e tier: one Chromium for the whole run instead of a launch per test file. Files
 * connect to it (tests/support/browser.ts `launch`) and open contexts of their own, which share no cookies,
 * storage or cache with another file's.
 */
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { LAUNCH_OPTIONS } from './chromium.ts';

let server: BrowserServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  server = await chromium.launchServer(LAUNCH_OPTIONS);
  project.provide('browserWsEndpoint', server.wsEndpoint());
}

export async function teardown(): Promise<void> {
  await server?.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    browserWsEndpoint: string;
  }
}
