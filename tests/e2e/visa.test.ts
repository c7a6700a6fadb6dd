/**
 * Visas in Chromium against the local stack: a visitor, signed out, goes from the visa landing
 * page to the UAE's 30-day tourist visa, sees the checklist for Indian nationals, copies its link ('Copied to
 * clipboard') and finds WhatsApp share; Flight Deals' staff add a destination, a category and a checklist, edit the
 * checklist in the rich-text editor, and the public page shows the edit. Screenshots of each screen at 1366 and
 * 390 px for a person to look at (E2E_SHOTS, README "Tests"); every screen passes axe (WCAG 2 AA).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { VISA_MSG } from '@tp/contracts/endpoints/visa';
import * as MSG from '@tp/contracts/messages';
import { axeViolations, dialogsSettled } from '../support/axe.ts';
import { appUrl, screenshots, signIn, toast, useBrowser } from '../support/browser.ts';

const SITE = 'flightdeals.localhost';
const TAG = randomUUID().slice(0, 6);
const COUNTRY = `Oman ${TAG}`;

const browser = useBrowser();
const shoot = screenshots('visa');

describe('Visas', () => {
  it('a visitor opens a visa checklist and copies its link', { timeout: 240_000 }, async () => {
    const context = await browser().newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    await page.goto(appUrl(SITE, '/visa'));
    await page.getByRole('heading', { name: 'Visas', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Schengen' }).waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);
    await shoot(page, 'landing');

    await page.getByRole('link', { name: 'United Arab Emirates', exact: true }).click();
    await page.getByRole('heading', { name: 'United Arab Emirates visa', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Transit visa – 96 hours', exact: true }).waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);
    await shoot(page, 'categories');

    await page.getByRole('link', { name: 'Tourist visa – 30 days', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/app/visa/uae/tourist-visa-30-days/visa-uae-tourist-30');
    const checklist = page.getByRole('region', { name: 'Checklist' });
    await checklist.getByText('For India passport holders', { exact: false }).waitFor();
    await checklist.getByText('PAN card copy').waitFor();
    expect(await page.getByRole('combobox', { name: 'Your nationality' }).inputValue()).toBe('India');

    await page.getByRole('button', { name: 'Copy link' }).click();
    await toast(page, MSG.copied).first().waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(page.url());
    const whatsapp = await page.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href');
    expect(whatsapp).toContain(`https://wa.me/?text=`);
    expect(whatsapp).toContain(encodeURIComponent('/app/visa/uae/tourist-visa-30-days/visa-uae-tourist-30'));

    // Another nationality: the default checklist.
    const nationality = page.getByRole('combobox', { name: 'Your nationality' });
    await nationality.click();
    await nationality.fill('Germany');
    await page.getByRole('option', { name: 'Germany', exact: true }).click();
    await checklist.getByText('For passport holders of every other nationality', { exact: false }).waitFor();
    await page.waitForURL(/nationality=DE/);
    expect(await axeViolations(page, 'main')).toEqual([]);
    await shoot(page, 'checklist');

    await page.getByRole('button', { name: 'Send a visa enquiry' }).click();
    await page.getByRole('form', { name: /^Enquiry about / }).waitFor();
    await shoot(page, 'checklist-enquiry');
    await context.close();
  });

  it('staff write a checklist in the editor and the public page shows it', { timeout: 300_000 }, async () => {
    const context = await browser().newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(appUrl(SITE, '/staff/visa'));
    await page.waitForURL(/\/app\/login\?redirectTo=/);
    await signIn(page, `admin@${SITE}`);
    await page.getByRole('heading', { name: 'Visa Checklists', level: 1 }).waitFor();
    await page.getByRole('button', { name: /^United Arab Emirates/ }).waitFor();

    // A destination of this run's own.
    await page.getByRole('button', { name: 'Add country' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add country' });
    await dialog.getByRole('textbox', { name: /^Country/ }).fill(COUNTRY);
    await dialog.getByRole('textbox', { name: 'ISO country code' }).fill('om');
    await dialogsSettled(page);
    expect(await axeViolations(page, '.mantine-Modal-content')).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, VISA_MSG.countrySaved).first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Add category' }).click();
    dialog = page.getByRole('dialog', { name: 'Add visa category' });
    await dialog.getByRole('textbox', { name: /^Visa category/ }).fill('Tourist e-Visa – 30 days');
    await dialog.getByRole('textbox', { name: 'Summary' }).fill('Single entry · stay up to 30 days');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, VISA_MSG.categorySaved).first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The checklist for Indian nationals, written in the editor.
    await page.getByRole('button', { name: 'Add checklist' }).click();
    dialog = page.getByRole('dialog', { name: 'Add checklist' });
    await expect.poll(() => dialog.getByRole('combobox', { name: /^Nationality/ }).inputValue()).toBe('India');
    const editor = dialog.getByRole('textbox', { name: 'Checklist' });
    await editor.click();
    await page.keyboard.type('Documents');
    await page.keyboard.press('Enter');
    await page.keyboard.type('- Passport valid for 6 months');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Return ticket');
    await dialogsSettled(page);
    expect(await axeViolations(page, '.mantine-Modal-content')).toEqual([]);
    await shoot(page, 'staff-editor');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, VISA_MSG.checklistSaved).first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    // Edit it: a bold line added after the list.
    const lists = page.getByRole('region', { name: /^Checklists: / });
    await lists.getByRole('button', { name: 'Edit India' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit checklist: India' });
    const again = dialog.getByRole('textbox', { name: 'Checklist' });
    await again.getByText('Return ticket').waitFor();
    await again.click();
    await page.keyboard.press('Control+End');
    // Enter twice leaves the list; Ctrl+B as the toolbar's Bold does.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(`Hotel booking ${TAG}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, VISA_MSG.checklistSaved).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await axeViolations(page, 'main')).toEqual([]);
    await shoot(page, 'staff');

    // The public page, as a visitor (signed out) sees it.
    const href = await page.getByRole('link', { name: 'Open the public page' }).last().getAttribute('href');
    expect(href).toMatch(/^\/app\/visa\/oman-[a-z0-9]+\/tourist-e-visa-30-days\/[0-9a-f]{24}$/);
    const visitorContext = await browser().newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${new URL(page.url()).origin}${href}`);
    await visitor.getByRole('heading', { name: `${COUNTRY} – Tourist e-Visa – 30 days`, level: 1 }).waitFor();
    const shown = visitor.getByRole('region', { name: 'Checklist' });
    await shown.getByRole('listitem').filter({ hasText: 'Passport valid for 6 months' }).waitFor();
    await shown.getByText(`Hotel booking ${TAG}`).waitFor();
    expect(await shown.locator('strong', { hasText: `Hotel booking ${TAG}` }).count()).toBe(1);
    expect(await axeViolations(visitor, 'main')).toEqual([]);
    await visitorContext.close();
    await context.close();
  });
});
