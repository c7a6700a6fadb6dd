import { existsSync } from 'node:fs';
import type { LaunchOptions } from 'playwright-core';

/**
 * The tests' browser: Chromium's headless shell where it is installed (Debian's `chromium-headless-shell`, which
 * `.ci/run` installs), else the full Chromium in headless mode. The shell is the same Blink and V8 without the
 * browser's UI layers: measured on four e2e files, about a fifth less CPU for the same pages. CHROMIUM_PATH
 * overrides both. The bench's Lighthouse runs use the shell too, with the browser's defaults (scripts/bench-lighthouse.ts).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/** The whole browser, for what the shell does not model (it answers every notification permission "denied"). */
export const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);

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
