import { existsSync } from 'node:fs';

/**
 * Which Chromium the tests and the bench drive: Chromium's headless shell where it is installed (Debian's
 * `chromium-headless-shell`, which `.ci/run` installs), else the full Chromium in headless mode. The shell is the
 * same Blink and V8 without the browser's UI and compositing layers: measured on four e2e files, about a fifth less
 * CPU for the same pages, and on a two-core machine those layers' CPU is time the measured page waits for a core
 * (docs/benchmarks.md). CHROMIUM_PATH overrides both.
 */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/** The whole browser, for what the shell does not model (it answers every notification permission "denied"). */
export const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);
