/**
 * Playwright (playwright-core) driving Debian's Chromium. `*.localhost` demo domains are mapped to
 * the loopback address so each reseller site is its own origin, as in production.
 */
import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Download,
  type FileChooser,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { DEMO_PASSWORD } from '../../scripts/seed/logins.ts';
import { axeViolations, DIALOGS, dialogsSettled, horizontalOverflow } from './axe.ts';
import { FULL_CHROMIUM, LAUNCH_OPTIONS } from './chromium.ts';

/**
 * The e2e tier's Chromium: one browser for the whole run (tests/support/browser-server.ts starts it), which
 * each test file connects to and opens its own contexts in; closing the answer disconnects the file and
 * closes the contexts it opened, never the shared browser. Without the shared one (a file run on its own
 * outside the e2e project) a browser of its own is launched.
 */
export async function launch(): Promise<Browser> {
  const shared = inject('browserWsEndpoint');
  return shared ? chromium.connect(shared) : chromium.launch(LAUNCH_OPTIONS);
}

/**
 * A browser of the file's own that is the whole Chromium, not the shared headless shell: for pages that ask for
 * notification permission, which the shell always answers "denied" (a user's browser asks them first).
 */
export function launchFullBrowser(): Promise<Browser> {
  return chromium.launch({ ...LAUNCH_OPTIONS, executablePath: FULL_CHROMIUM });
}

/**
 * The Chromium of the test file that calls this at its top level: connected before its tests, its contexts
 * closed after them. The getter answers it inside a test (it does not exist yet when the file is collected).
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('useBrowser(): the browser is launched in beforeAll');
    return browser;
  };
}

/** The widths every screen is looked at: a desktop and a phone. */
export const SHOT_WIDTHS = [1366, 390] as const;

/**
 * Screenshots are for a person to look at, not for the suite to assert: they are taken only when E2E_SHOTS
 * names a folder (README "Tests"), each file's in a sub-folder of its own. A CI run takes none (a full-page
 * PNG costs the browser real CPU on a 2-core machine) and so leaves nothing behind.
 */
const SHOTS_ROOT = process.env.E2E_SHOTS;

/**
 * Saves the page (whole, or only its viewport) or one part of it as `<E2E_SHOTS>/<area>/<name>.png`; nothing when
 * E2E_SHOTS is unset.
 */
export async function saveShot(
  target: Page | Locator,
  area: string,
  name: string,
  { wholePage = true } = {},
): Promise<void> {
  if (!SHOTS_ROOT) return;
  const dir = join(SHOTS_ROOT, area);
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  await ('goto' in target ? target.screenshot({ path, fullPage: wholePage }) : target.screenshot({ path }));
}

/**
 * Puts the page at `width` and waits for its layout to settle there: two frames, so the layout has switched
 * (tables become cards below 600 px), then the transitions that switch started (the app shell's navbar sliding
 * away) end: a check made mid-way saw the navbar half over the page. Endless animations (loaders) are not waited
 * for, nor is anything for more than 2 s (a paused animation never finishes).
 */
export async function atWidth(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: page.viewportSize()?.height ?? 900 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((r) => setTimeout(r, 2000)),
    ]),
  );
}

/**
 * The page at each of SHOT_WIDTHS: `shoot(page, name)` settles the layout at each width (atWidth), checks nothing
 * is wider than the viewport there, saves `<name>-<width>` (saveShot), and puts the page back at 1366 px. Call at
 * the top level of a test file; `area` names its screenshots' folder.
 */
export function screenshots(area: string): (page: Page, name: string) => Promise<void> {
  return async (page, name) => {
    for (const width of SHOT_WIDTHS) {
      await atWidth(page, width);
      await saveShot(page, area, `${name}-${width}`);
      expect(await horizontalOverflow(page), `${name} at ${width}`).toBe(0);
    }
    // Settled like the other widths: a click right after the navbar slid back landed where a button had been.
    await atWidth(page, SHOT_WIDTHS[0]);
  };
}

/**
 * The page (or the part under `scope`: a screen's region, an open dialog) at each of SHOT_WIDTHS, in one load:
 * axe finds no WCAG 2 AA violation there and nothing is wider than the viewport; each width is saved as
 * `<area>/<name>-<width>` (saveShot). The page stays at the last width.
 */
export async function accessibleAtEachWidth(page: Page, area: string, name: string, scope = 'body'): Promise<void> {
  for (const width of SHOT_WIDTHS) {
    await atWidth(page, width);
    if (await page.locator(DIALOGS).count()) await dialogsSettled(page);
    const where = `${name} at ${width}`;
    expect(await axeViolations(page, scope), where).toEqual([]);
    expect(await horizontalOverflow(page), where).toBe(0);
    await saveShot(page, area, `${name}-${width}`);
  }
}

/** Origin of a demo site on the test stack, e.g. http://skyway.localhost:4500. */
export function siteOrigin(domain: string): string {
  const port = new URL(inject('gatewayUrl')).port;
  return `http://${domain}:${port}`;
}

export function appUrl(domain: string, path = '/'): string {
  return `${siteOrigin(domain)}/app${path}`;
}

export async function newPage(
  browser: Browser,
  opts: { viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: opts.viewport ?? { width: 1280, height: 800 } });
  const page = await context.newPage();
  return { context, page };
}

/** Fills the open login form and submits it (demo users share one password). */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: /^Login$/ }).click();
}

/**
 * Clicks `button`, which opens the file chooser, and gives the chooser `files`. Chromium now and then never reports
 * a chooser that a click opened (microsoft/playwright#28023: an event lost while the page holds its paint), so a
 * click that opened none within 5 s is made again: only the first chooser reported is answered, and one is required.
 */
export async function chooseFiles(
  page: Page,
  button: Locator,
  files: Parameters<FileChooser['setFiles']>[0],
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const chooser = page.waitForEvent('filechooser', { timeout: 5_000 });
    await button.click();
    const opened = await chooser.catch((err: unknown) => {
      if (attempt >= 6) throw err;
      return null;
    });
    if (opened) return opened.setFiles(files);
  }
}

/** A toast (Mantine notification) showing `text`. */
export const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root', { hasText: text });

/** A date `days` ahead of today, YYYY-MM-DD (what the date fields and search URLs take). */
export const ahead = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** ISO `YYYY-MM-DD` → `dd/mm/yyyy`, as the date pickers show and read a day. */
export const dayMonthYear = (iso: string): string => iso.split('-').reverse().join('/');

/**
 * Types a day into a date picker (`@mantine/dates`, web/src/shared/DateField.tsx) as a person does:
 * `dd/mm/yyyy`, then Escape closes its calendar. Waits until the field shows the day it took.
 */
export async function typeDate(field: Locator, iso: string): Promise<void> {
  await field.click();
  await field.fill(dayMonthYear(iso));
  await field.press('Escape');
  await expect.poll(() => field.inputValue()).toBe(dayMonthYear(iso));
  // Closed, so the next picker's calendar is the only one on the page.
  await field.page().getByRole('button', { name: 'Next month' }).first().waitFor({ state: 'detached' });
}

/** The city autocomplete by keyboard: type a city name, wait for its option, Tab takes the first. */
export async function pickCity(page: Page, label: string, text: string, option: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  await field.click();
  // A form reopened after a search comes prefilled: start from an empty field.
  await field.fill('');
  await field.pressSequentially(text, { delay: 40 });
  await page.getByRole('option', { name: new RegExp(`^${option.replace(/[()]/g, '\\$&')}`) }).waitFor();
  await field.press('Tab');
  await expect.poll(() => field.inputValue()).toBe(option);
}

/**
 * A download's bytes. The shared browser is connected to, not launched, and Playwright keeps a remote
 * browser's downloads on its side: the file is saved here (under the run's temp folder) and read.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const file = join(await mkdtemp(join(tmpdir(), 'tp-download-')), download.suggestedFilename());
  await download.saveAs(file);
  return readFile(file);
}
