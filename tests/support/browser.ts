/**
 * Playwright (playwright-core) driving Debian's Chromium. `*.localhost` demo domains are mapped to
 * the loopback address so each reseller site is its own origin, as in production.
 */
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { DEMO_PASSWORD } from '../../scripts/seed/logins.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launch(): Promise<Browser> {
  return chromium.launch({
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
  });
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
