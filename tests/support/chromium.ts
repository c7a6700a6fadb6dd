import type { LaunchOptions } from 'playwright-core';
import { CHROMIUM } from '../../scripts/local/chromium.ts';

// Which browser (the headless shell where installed) and why: scripts/local/chromium.ts.
export { FULL_CHROMIUM } from '../../scripts/local/chromium.ts';

/**
 * How every test Chromium starts: headless, offline, with the demo domains on loopback. It asks pages for
 * reduced motion, which the SPA honours (theme.ts, app.css): no spinner or skeleton frames to paint while a test
 * waits, and no transition between a click and the state a test reads (about a fifth less browser CPU again).
 */
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
    '--force-prefers-reduced-motion',
    // V8 without its top optimising tier (TurboFan; Maglev stays): a test page runs for seconds, so compiling its
    // hot functions a second time seldom pays back. Measured on two DMC e2e files side by side: 61–73 → 49–51
    // browser CPU-s. The same JavaScript semantics; the bench's Lighthouse runs keep the browser's defaults.
    '--js-flags=--no-opt',
    '--host-resolver-rules=MAP *.localhost 127.0.0.1',
  ],
} satisfies LaunchOptions;
