/**
 * A visa application in Chromium on a phone (390 px): Flight Deals' demo agent opens the UAE's 30-day tourist visa
 * checklist, applies online for one traveller, uploads the passport, the passport photo and the return ticket, and
 * pays the fee from the wallet; the application shows Submitted. Then the visa desk finds it in the staff queue.
 * Another application's fee is paid online on the sandbox gateway, back to the application, submitted once the
 * payments worker verifies it. axe (WCAG 2 AA) on each screen; screenshots at 1366 and 390 px (E2E_SHOTS).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from '../support/axe.ts';
import { ahead, appUrl, chooseFiles, screenshots, signIn, toast, typeDate, useBrowser } from '../support/browser.ts';

const SITE = 'flightdeals.localhost';
const PHONE = { width: 390, height: 844 };
const browser = useBrowser();
const shots = screenshots('visa-applications');

/** Screenshots at both widths, then back to the phone. */
async function shoot(page: Page, name: string) {
  await shots(page, name);
  await page.setViewportSize(PHONE);
}

// A 1×1 PNG: the passport photo as the browser sends it.
const PHOTO = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6d6d80000000049454e44ae426082',
  'hex',
);
const pdf = (title: string) => Buffer.from(`%PDF-1.7\n1 0 obj << /Title (${title}) >> endobj\ntrailer << >>\n%%EOF\n`);

async function upload(page: Page, label: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await chooseFiles(page, page.getByRole('button', { name: label }), file);
  await toast(page, 'Document uploaded').first().waitFor();
  await page.getByRole('button', { name: label.replace(/^Upload/, 'View') }).waitFor();
}

describe('Visa applications', () => {
  it('an agent on a phone applies, uploads a passport photo and pays the fee', { timeout: 300_000 }, async () => {
    const context = await browser().newContext({ viewport: PHONE, bypassCSP: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(appUrl(SITE, '/visa/uae/tourist-visa-30-days/visa-uae-tourist-30?nationality=IN'));
    const checklist = page.getByRole('region', { name: 'Checklist' });
    await checklist.getByText('For India passport holders', { exact: false }).waitFor();
    await checklist.getByText(/Apply online: visa fee ₹6,500\.00 per traveller/).waitFor();
    expect(errors).toEqual([]);
    await checklist.getByRole('link', { name: 'Apply online' }).click();
    await page.waitForURL(/\/app\/login\?redirectTo=/);
    await signIn(page, `agent@${SITE}`);
    await page.getByRole('heading', { name: 'Apply for a visa', level: 1 }).waitFor();
    await page.getByText(/Visa fee ₹6,500\.00 per traveller/).waitFor();

    await typeDate(page.getByLabel(/^Travel from/), ahead(30));
    await typeDate(page.getByLabel(/^Travel until/), ahead(40));
    const traveller = page.getByRole('group', { name: 'Traveller 1' });
    await traveller.getByLabel('First name', { exact: false }).fill('Meera');
    await traveller.getByLabel('Last name', { exact: false }).fill('Nair');
    await typeDate(traveller.getByLabel('Date of birth', { exact: false }), '1992-06-15');
    await traveller.getByLabel('Passport number', { exact: false }).fill('P4455667');
    await typeDate(traveller.getByLabel('Passport valid until', { exact: false }), ahead(1200));
    expect(await axeViolations(page, 'main')).toEqual([]);
    await shoot(page, 'apply');

    await page.getByRole('button', { name: 'Start application' }).click();
    await page.waitForURL(/\/app\/visa-applications\/[0-9a-f]{24}$/);
    await page.getByText('Draft', { exact: true }).waitFor();
    await page.getByText('Upload the 3 missing documents to pay.').waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);
    await shoot(page, 'application-draft');

    await upload(page, 'Upload Photo of Meera Nair', { name: 'photo.png', mimeType: 'image/png', buffer: PHOTO });
    await upload(page, 'Upload Passport of Meera Nair', {
      name: 'passport.pdf',
      mimeType: 'application/pdf',
      buffer: pdf('Passport'),
    });
    await upload(page, 'Upload Return ticket of Meera Nair', {
      name: 'ticket.pdf',
      mimeType: 'application/pdf',
      buffer: pdf('Ticket'),
    });

    // 6,500 + 10 % service charge (the site's default terms).
    const pay = page.getByRole('button', { name: 'Pay ₹7,150.00 from wallet' });
    await expect.poll(() => pay.isEnabled()).toBe(true);
    await pay.click();
    await toast(page, 'your application is submitted').first().waitFor();
    await page.getByText('Submitted', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Tax invoice' }).waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);
    await shoot(page, 'application-submitted');
    const reference = (await page
      .getByText(/^VA[0-9A-F]{8}/)
      .first()
      .textContent())!.slice(0, 10);

    await page.goto(appUrl(SITE, '/visa-applications'));
    await page.getByRole('link', { name: reference }).waitFor();
    await shoot(page, 'applications');
    await context.close();

    // The visa desk finds it in the queue.
    const staff = await browser().newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
    const desk = await staff.newPage();
    await desk.goto(appUrl(SITE, '/staff/visa-applications'));
    await desk.waitForURL(/\/app\/login\?redirectTo=/);
    await signIn(desk, `admin@${SITE}`);
    await desk.getByRole('heading', { name: 'Visa Applications', level: 1 }).waitFor();
    await desk.getByRole('button', { name: `Open application ${reference}` }).click();
    await desk.getByRole('dialog').getByText('Passport P4455667', { exact: false }).waitFor();
    await desk.getByRole('button', { name: 'Request document' }).waitFor();
    expect(await axeViolations(desk)).toEqual([]);
    await shots(desk, 'staff-queue');
    await staff.close();
  });

  it('an agent on a phone pays the fee online on the sandbox gateway', { timeout: 300_000 }, async () => {
    const context = await browser().newContext({ viewport: PHONE, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(appUrl(SITE, '/visa-applications/new/visa-uae-tourist-30?nationality=IN'));
    await page.waitForURL(/\/app\/login\?redirectTo=/);
    await signIn(page, `agent@${SITE}`);
    await page.getByRole('heading', { name: 'Apply for a visa', level: 1 }).waitFor();
    await typeDate(page.getByLabel(/^Travel from/), ahead(45));
    await typeDate(page.getByLabel(/^Travel until/), ahead(50));
    const traveller = page.getByRole('group', { name: 'Traveller 1' });
    await traveller.getByLabel('First name', { exact: false }).fill('Kiran');
    await traveller.getByLabel('Last name', { exact: false }).fill('Das');
    await typeDate(traveller.getByLabel('Date of birth', { exact: false }), '1985-02-03');
    await traveller.getByLabel('Passport number', { exact: false }).fill('K9988776');
    await typeDate(traveller.getByLabel('Passport valid until', { exact: false }), ahead(1200));
    await page.getByRole('button', { name: 'Start application' }).click();
    await page.waitForURL(/\/app\/visa-applications\/[0-9a-f]{24}$/);
    await upload(page, 'Upload Photo of Kiran Das', { name: 'photo.png', mimeType: 'image/png', buffer: PHOTO });
    await upload(page, 'Upload Passport of Kiran Das', {
      name: 'passport.pdf',
      mimeType: 'application/pdf',
      buffer: pdf('Passport'),
    });
    await upload(page, 'Upload Return ticket of Kiran Das', {
      name: 'ticket.pdf',
      mimeType: 'application/pdf',
      buffer: pdf('Ticket'),
    });

    const online = page.getByRole('button', { name: 'Pay ₹7,150.00 online' });
    await expect.poll(() => online.isEnabled()).toBe(true);
    expect(await axeViolations(page, 'main')).toEqual([]);
    await online.click();
    await page.waitForURL(/\/sandbox-gateway\//);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/app\/visa-applications\/[0-9a-f]{24}\?payment=/);
    // The payments worker verifies it meanwhile; the page asks until it is taken.
    await page.getByText('Payment received: your application is submitted').waitFor({ timeout: 60_000 });
    await page.getByText('Submitted', { exact: true }).waitFor();
    await page.getByRole('button', { name: /online$/ }).waitFor({ state: 'detached' });
    expect(await axeViolations(page, 'main')).toEqual([]);
    await shoot(page, 'application-paid-online');
    await context.close();
  });
});
