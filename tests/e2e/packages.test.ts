/**
 * Tour packages in Chromium against the local stack: a traveller filters the packages, opens
 * one, sends an enquiry and lands on the success page with its id; Flight Deals' staff create a package that then
 * lists, and upload a picture to it. Screenshots at 1366 and 390 px
 * for a person to look at (E2E_SHOTS, README "Tests").
 */
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PACKAGE_MSG } from '@tp/contracts/endpoints/packages';
import { PACKAGE_LIST_PREVIEW } from '@tp/contracts/spa-routes';
import { SCENES, scenePng } from '../../scripts/seed/picture.ts';
import { axeViolations } from '../support/axe.ts';
import { SHOT_WIDTHS, appUrl, chooseFiles, launch, saveShot, screenshots, signIn, toast } from '../support/browser.ts';

const SITE = 'flightdeals.localhost';
const TITLE = `E2E Goa Getaway ${randomUUID().slice(0, 6)}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const shoot = screenshots('packages');

async function signedIn(email: string, path: string): Promise<Page> {
  // bypassCSP: axe comes in as a script tag (tests/support/axe.ts).
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  await page.goto(appUrl(SITE, path));
  // The first load of a cold browser on a busy machine can be slow: a generous wait, not a timing assertion.
  await page.waitForURL(/\/app\/login\?redirectTo=/, { timeout: 90_000 });
  await signIn(page, email);
  return page;
}

describe('Tour packages', () => {
  it('a traveller finds a package, sends an enquiry and sees the success page', { timeout: 300_000 }, async () => {
    const page = await signedIn(`retail@${SITE}`, '/packages');
    await page.getByRole('heading', { name: 'Tour packages', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Dubai Delights' }).waitFor();
    await shoot(page, 'list');
    expect(await axeViolations(page, 'main')).toEqual([]);

    // Filter: Kerala only.
    await page.getByRole('combobox', { name: 'Destination' }).selectOption('Kerala');
    await page.getByRole('button', { name: 'Show packages' }).click();
    await page.waitForURL(/destination=Kerala/);
    await page.getByRole('link', { name: 'Kerala Backwaters and Hills' }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Dubai Delights' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Clear filters' }).click();

    await page.getByRole('link', { name: 'Dubai Delights' }).click();
    await page.getByRole('heading', { name: 'Dubai Delights', level: 1 }).waitFor();
    await page.getByText('Day 3: Desert safari').waitFor();
    await shoot(page, 'detail');
    expect(await axeViolations(page, 'main')).toEqual([]);

    const form = page.getByRole('form', { name: 'Enquiry about Dubai Delights' });
    await form.getByRole('textbox', { name: /^Message/ }).fill('Is the Christmas week available for two adults?');
    await form.getByRole('button', { name: 'Send enquiry' }).click();
    await page.waitForURL(/\/app\/package\/enquiry\/submitted\/[^/?]+\?title=Dubai(%20|\+)Delights/);
    await page.getByRole('heading', { name: 'Enquiry submitted' }).waitFor();
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    await expect.poll(() => page.getByTestId('enquiry-id').textContent()).toBe(id);
    // A traveller gets no way to the CRM.
    expect(await page.getByRole('link', { name: 'Go to CRM' }).count()).toBe(0);
    await shoot(page, 'submitted');
    expect(await axeViolations(page, 'main')).toEqual([]);
    await page.context().close();
  });

  it(
    "opened afresh, the list is asked for beside the app's code and its first cover preloaded; the app asks no more",
    { timeout: 300_000 },
    async () => {
      const page = await signedIn(`retail@${SITE}`, '/packages');
      await page.getByRole('link', { name: 'Dubai Delights' }).waitFor();
      const lists: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/packages/list')) lists.push(new URL(r.url()).search);
      });
      await page.reload();
      const cover = page.getByRole('list', { name: 'Tour packages' }).getByRole('img').first();
      await cover.waitFor();
      const preload = page.locator('link[rel=preload][as=image]');
      expect(await preload.count()).toBe(1);
      expect(await preload.getAttribute('fetchpriority')).toBe('high');
      expect(await cover.getAttribute('src')).toBe(await preload.getAttribute('href'));
      expect(lists).toEqual(['?limit=12']);

      // Before the app's code runs (here it never does: its entry is refused), the boot shell paints the heading
      // and the first row of cards from that answer, the first picture the preloaded one; 1366 px: three cards.
      const shellOnly = await page.context().newPage();
      await shellOnly.route(/\/app\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
      await shellOnly.goto(appUrl(SITE, '/packages'));
      const preview = shellOnly.locator('.tp-boot-preview');
      await preview.getByRole('heading', { name: 'Tour packages', includeHidden: true }).waitFor({ state: 'attached' });
      await expect.poll(() => preview.locator('.tp-boot-card').filter({ visible: true }).count()).toBe(3);
      const pictures = preview.locator('img.tp-boot-picture');
      await expect
        .poll(() => pictures.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      expect(await pictures.first().getAttribute('src')).toBe(
        await shellOnly.locator('link[rel=preload][as=image]').getAttribute('href'),
      );
      expect(await preview.locator('.tp-boot-card p').first().textContent()).toBe('Dubai Delights');
      // The same top as the screen's: its heading and intro, from one declaration.
      expect(await preview.locator('.tp-boot-intro').textContent()).toBe(PACKAGE_LIST_PREVIEW.intro);
      expect(await shellOnly.locator('.tp-boot-loader').isVisible()).toBe(false);
      // For a person to compare with the app's list (E2E_SHOTS): the shell's row at each width.
      for (const width of SHOT_WIDTHS) {
        await shellOnly.setViewportSize({ width, height: 900 });
        await saveShot(shellOnly, 'packages', `boot-preview-${width}`);
      }
      await shellOnly.close();

      // A filtered list is the screen's own read: the boot loader reads only the bare path.
      await page.goto(appUrl(SITE, '/packages?destination=Kerala'));
      await page.getByRole('link', { name: 'Kerala Backwaters and Hills' }).waitFor();
      expect(lists).toEqual(['?limit=12', '?destination=Kerala&limit=12']);
      expect(await page.locator('link[rel=preload][as=image]').count()).toBe(0);
      await page.context().close();
    },
  );

  it('staff create a package that lists, and give it a picture', { timeout: 300_000 }, async () => {
    const page = await signedIn(`admin@${SITE}`, '/staff/tour_package/list_all_packages');
    await page.getByRole('heading', { name: 'Tour Packages', level: 1 }).waitFor();
    await page
      .getByRole('table', { name: 'Tour packages' })
      .getByRole('row', { name: /Dubai Delights/ })
      .waitFor();
    await shoot(page, 'staff-list');
    expect(await axeViolations(page, 'main')).toEqual([]);

    await page.getByRole('link', { name: 'New package' }).click();
    await page.getByRole('heading', { name: 'New Tour Package' }).waitFor();
    await page.getByRole('textbox', { name: /^Title/ }).fill(TITLE);
    await page.getByRole('textbox', { name: /^Destination/ }).fill('Goa');
    await page.getByRole('textbox', { name: /^Days/ }).fill('4');
    await expect.poll(() => page.getByRole('textbox', { name: /^Day \d$/ }).count()).toBe(4);
    await expect.poll(() => page.getByRole('textbox', { name: /^Nights/ }).inputValue()).toBe('3');
    await page.getByRole('textbox', { name: /^Price from/ }).fill('18500');
    for (let i = 1; i <= 4; i++)
      await page.getByRole('textbox', { name: `Day ${i}`, exact: true }).fill(`Beach day ${i}`);
    await page.getByRole('textbox', { name: 'Inclusions 1' }).fill('Sea-view room with breakfast');
    await page.getByRole('textbox', { name: 'Exclusions 1' }).fill('Flights');
    await shoot(page, 'editor');
    expect(await axeViolations(page, 'main')).toEqual([]);
    await page.getByRole('button', { name: 'Save package' }).click();
    await toast(page, PACKAGE_MSG.saved).waitFor();
    await page.waitForURL(/\/staff\/tour_package\/list_all_packages/);
    await page.getByRole('textbox', { name: 'Search' }).fill(TITLE);
    const row = page.getByRole('table', { name: 'Tour packages' }).getByRole('row', { name: new RegExp(TITLE) });
    await row.waitFor();

    await row.getByRole('link', { name: `Images of ${TITLE}` }).click();
    await page.getByRole('heading', { name: 'Package images' }).waitFor();
    // This file's temporary folder (tests/support/temp-dir.ts).
    const file = join(tmpdir(), 'goa.png');
    await writeFile(file, scenePng(SCENES.beach, 1200, 750));
    await chooseFiles(page, page.getByRole('button', { name: 'Upload pictures' }), file);
    await toast(page, PACKAGE_MSG.imageAdded).waitFor();
    await page.getByText('Cover', { exact: true }).waitFor();
    await shoot(page, 'images');
    expect(await axeViolations(page, 'main')).toEqual([]);

    // Travellers see it with its picture.
    await page.goto(appUrl(SITE, '/packages?destination=Goa'));
    const card = page.getByRole('link', { name: TITLE });
    await card.waitFor();
    await card.click();
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    await page.getByText('Day 4: Beach day 4').waitFor();
    await page.context().close();
  });
});
