import type { LaunchOptions } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** How every test Chromium starts: headless, offline, with the demo domains on loopback. */
export const LAUNCH_OPTIONS = {
  executablePath: CHROMIUM,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
    '--host-resolver-rules=MAP *.localhost 127.0.0.1',
  ],
} satisfies LaunchOptions;
