/**
 * Visa applications through the gateway: an application from start to issued visa with a document requested
 * again (documents checked from their bytes, served only through short-lived links to the applicant's side and
 * staff), the fee paid once from the wallet and invoiced with SAC 998559; one rejected with the site's refund,
 * credited once with its credit note; each step mailed; the queue's counters; the documents deleted after the
 * site's retention by the scheduled job; another customer and another site see nothing.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { saveVisaCategory, saveVisaChecklist, saveVisaCountry } from '@tp/contracts/endpoints/visa';
import {
  VISA_APP_MSG,
  attachVisa,
  cancelVisaApplication,
  getVisaApplication,
  payVisaApplication,
  saveVisaTerms,
  setVisaStatus,
  startVisaApplication,
  uploadVisaDocument,
  visaDocument,
  visaDocumentLink,
  visaQueue,
  type TVisaApplication,
} from '@tp/contracts/endpoints/visa-applications';
import { getSourceInvoice } from '@tp/contracts/endpoints/invoices';
import { DOCUMENT_MSG } from '@tp/contracts/media';
import { balanceOf } from '../../functions/src/wallet/ledger-repo.ts';
import { deadlineHandlers } from '../../functions/src/entries/workers/deadlines.ts';
import { fireDeadlines } from './deadlines-helpers.ts';
import { Client, waitForMail } from '../support/api.ts';
import { FLIGHTDEALS, SKYWAY, ok, refused, staff, tag } from './dmc-helpers.ts';
import { inDays, newCustomer, type Customer } from './flights-helpers.ts';

const TERMS = {
  markupType: 'percentage',
  markupValue: 10,
  refundPercentOnRejection: 50,
  refundPercentOnCancellation: 100,
  documentRetentionDays: 0,
};

let desk: Client;
let categoryId: string;
let agent: Customer;

const pdf = (text: string) =>
  Buffer.from(`%PDF-1.7\n1 0 obj << /Title (${text}) >> endobj\ntrailer << >>\n%%EOF\n`).toString('base64');
// A 1×1 PNG.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6d6d80000000049454e44ae426082',
  'hex',
).toString('base64');

const travellers = [
  {
    firstName: 'Asha',
    lastName: 'Verma',
    passportNumber: 'z1234567',
    passportExpiry: inDays(900),
    dateOfBirth: '1990-04-12',
  },
  {
    firstName: 'Ravi',
    lastName: 'Verma',
    passportNumber: 'Z7654321',
    passportExpiry: inDays(900),
    dateOfBirth: '1988-11-02',
  },
];

async function start(c: Client, key = randomUUID().replace(/-/g, '')): Promise<TVisaApplication> {
  return ok(c, startVisaApplication, {
    categoryId,
    nationality: 'IN',
    travelFrom: inDays(30),
    travelTo: inDays(40),
    travellers,
    idempotencyKey: key,
  });
}

/** Uploads every document the application still owes; the application after the last. */
async function uploadAll(c: Client, app: TVisaApplication): Promise<TVisaApplication> {
  let now = app;
  for (const m of app.missing)
    now = await ok(c, uploadVisaDocument, {
      applicationId: app.id,
      traveller: m.traveller,
      document: m.document,
      file: {
        fileName: `${m.document}-${m.traveller}.${m.document === 'Photo' ? 'png' : 'pdf'}`,
        dataBase64: m.document === 'Photo' ? PNG : pdf(`${m.document} ${m.traveller}`),
      },
    });
  return now;
}

const wallet = async () => (await balanceOf(FLIGHTDEALS.siteId, agent.legalEntityId)).balance;

beforeAll(async () => {
  desk = await staff();
  const t = tag();
  const country = await ok(desk, saveVisaCountry, { countryName: `Visaland ${t}`, countryCode: '' });
  const category = await ok(desk, saveVisaCategory, {
    countryId: country._id,
    visaCategory: 'Tourist visa',
    summary: '',
  });
  categoryId = category._id;
  await ok(desk, saveVisaChecklist, {
    categoryId,
    nationality: 'IN',
    html: '<p>Passport and photo</p>',
    fee: 5000,
    documents: ['Passport', 'Photo'],
  });
  await ok(desk, saveVisaTerms, TERMS);
  agent = await newCustomer(FLIGHTDEALS, 'travelAgent', { wallet: 50_000 });
});

describe('an application from start to issued visa', () => {
  let app: TVisaApplication;

  it('starts priced from the checklist and the site terms, once per form visit', async () => {
    const key = randomUUID().replace(/-/g, '');
    app = await start(agent.client, key);
    expect(app).toMatchObject({
      status: 'draft',
      requiredDocuments: ['Passport', 'Photo'],
      fee: { feePerTraveller: 5000, travellers: 2, net: 10000, markup: 1000, total: 11000, currency: 'INR' },
    });
    expect(app.travellers[0]!.passportNumber).toBe('Z1234567');
    expect(app.missing).toHaveLength(4);
    expect((await start(agent.client, key)).id).toBe(app.id);
  });

  it('refuses bad input and a fee before the documents, changing nothing', async () => {
    const past = await refused(agent.client, startVisaApplication, {
      categoryId,
      nationality: 'IN',
      travelFrom: inDays(-2),
      travelTo: inDays(5),
      travellers,
      idempotencyKey: randomUUID().replace(/-/g, ''),
    });
    expect(past.shortError).toMatchObject({ travelFrom: VISA_APP_MSG.travelPast });
    const text = await refused(agent.client, uploadVisaDocument, {
      applicationId: app.id,
      traveller: 0,
      document: 'Passport',
      file: { fileName: 'passport.pdf', dataBase64: Buffer.from('not really a pdf').toString('base64') },
    });
    expect(text.shortError).toEqual({ file: DOCUMENT_MSG.notADocument });
    const early = await refused(agent.client, payVisaApplication, { applicationId: app.id });
    expect(early.message).toBe(VISA_APP_MSG.documentsMissing(4));
    expect((await ok(agent.client, getVisaApplication, { applicationId: app.id })).version).toBe(app.version);
  });

  it('takes the documents and the fee exactly once, invoiced with its SAC', async () => {
    app = await uploadAll(agent.client, app);
    expect(app.missing).toEqual([]);
    const before = await wallet();
    const [a, b] = await Promise.all([
      agent.client.call(payVisaApplication, { applicationId: app.id }),
      agent.client.call(payVisaApplication, { applicationId: app.id }),
    ]);
    expect([a.status, b.status]).toContain(200);
    app = await ok(agent.client, payVisaApplication, { applicationId: app.id });
    expect(app).toMatchObject({ status: 'submitted', paidAmount: 11000 });
    expect(await wallet()).toBe(before - 11000);
    await waitForMail(agent.email.toLowerCase(), /submitted/);
    const invoice = await ok(agent.client, getSourceInvoice, { source: 'visa', sourceId: app.id });
    expect(invoice).toMatchObject({ kind: 'visaApplication', sac: '998559', total: 11000 });
  });

  it("shows a document only through a short-lived link, to the applicant's side and staff", async () => {
    const doc = app.documents.find((d) => d.traveller === 0 && d.document === 'Passport')!;
    const link = await ok(agent.client, visaDocumentLink, { applicationId: app.id, documentId: doc.documentId });
    const file = await ok(new Client(FLIGHTDEALS.domain), visaDocument, { token: link.token });
    expect(file).toMatchObject({ contentType: 'application/pdf', dataBase64: pdf('Passport 0') });
    await ok(desk, visaDocumentLink, { applicationId: app.id, documentId: doc.documentId });
    // Another customer, and the same link on another site: nothing.
    const stranger = await newCustomer(FLIGHTDEALS, 'retail');
    await refused(stranger.client, getVisaApplication, { applicationId: app.id }, 404);
    await refused(stranger.client, visaDocumentLink, { applicationId: app.id, documentId: doc.documentId }, 404);
    await refused(new Client(SKYWAY.domain), visaDocument, { token: link.token }, 410);
  });

  it('staff ask for a document again; the applicant is mailed and re-uploads it', async () => {
    const queue = await ok(desk, visaQueue, { status: 'submitted' });
    expect(queue.records.map((r: TVisaApplication) => r.id)).toContain(app.id);
    const submitted = queue.statuses.find((s: { status: string }) => s.status === 'submitted').count;
    app = await ok(desk, setVisaStatus, {
      applicationId: app.id,
      version: app.version,
      status: 'documentsRequested',
      traveller: 1,
      document: 'Photo',
      note: 'The photo is blurred',
    });
    expect(app.status).toBe('documentsRequested');
    expect(app.missing).toEqual([{ traveller: 1, document: 'Photo' }]);
    const after = await ok(desk, visaQueue, { status: 'documentsRequested' });
    expect(after.statuses.find((s: { status: string }) => s.status === 'submitted').count).toBe(submitted - 1);
    expect(after.records.map((r: TVisaApplication) => r.id)).toContain(app.id);
    const mail = await waitForMail(agent.email.toLowerCase(), /document is needed/);
    expect(mail.body.html).toContain('The photo is blurred');
    // Paying again does nothing; re-uploading the photo sends it back to staff.
    app = await ok(agent.client, uploadVisaDocument, {
      applicationId: app.id,
      traveller: 1,
      document: 'Photo',
      file: { fileName: 'photo-sharp.png', dataBase64: PNG },
    });
    expect(app).toMatchObject({ status: 'submitted', missing: [] });
  });

  it('staff lodge it, attach each visa and approve it; each step mailed and audited', async () => {
    const noRef = await refused(desk, setVisaStatus, {
      applicationId: app.id,
      status: 'lodged',
      embassyReference: ' ',
    });
    expect(noRef.shortError).toHaveProperty('embassyReference');
    app = await ok(desk, setVisaStatus, {
      applicationId: app.id,
      version: app.version,
      status: 'lodged',
      embassyReference: 'EMB-778812',
    });
    expect(app).toMatchObject({ status: 'lodged', embassyReference: 'EMB-778812' });
    await waitForMail(agent.email.toLowerCase(), /lodged/);
    // The applicant cannot cancel what the embassy holds; approving needs every visa.
    await refused(agent.client, cancelVisaApplication, { applicationId: app.id, reason: '' }, 409);
    const early = await refused(desk, setVisaStatus, { applicationId: app.id, status: 'approved', note: '' });
    expect(early.message).toBe(VISA_APP_MSG.visaMissing);
    for (const traveller of [0, 1])
      app = await ok(desk, attachVisa, {
        applicationId: app.id,
        traveller,
        file: { fileName: `visa-${traveller}.pdf`, dataBase64: pdf(`Visa ${traveller}`) },
      });
    app = await ok(desk, setVisaStatus, {
      applicationId: app.id,
      version: app.version,
      status: 'approved',
      note: '',
    });
    expect(app.status).toBe('approved');
    await waitForMail(agent.email.toLowerCase(), /approved/);
    const visa = app.visas.find((v) => v.traveller === 1)!;
    const link = await ok(agent.client, visaDocumentLink, { applicationId: app.id, documentId: visa.documentId });
    expect((await ok(agent.client, visaDocument, { token: link.token })).dataBase64).toBe(pdf('Visa 1'));
  });

  it("deletes the documents after the site's retention, audited, and the links die", async () => {
    const doc = app.documents[0]!;
    const link = await ok(agent.client, visaDocumentLink, { applicationId: app.id, documentId: doc.documentId });
    await fireDeadlines(
      deadlineHandlers,
      new Date(Date.now() + 1000),
      (d) => d.kind === 'visaDocumentsPurge' && d.ref === app.id,
    );
    const after = await ok(agent.client, getVisaApplication, { applicationId: app.id });
    expect(after.documentsDeletedAt).not.toBeNull();
    expect(after.travellers[0].passportNumber).toMatch(/^•+567$/);
    await refused(agent.client, visaDocument, { token: link.token }, 410);
    await refused(agent.client, visaDocumentLink, { applicationId: app.id, documentId: doc.documentId }, 404);
  });
});

describe('a rejected application', () => {
  it("refunds the site's terms once, with its credit note, and mails the applicant", async () => {
    let app = await uploadAll(agent.client, await start(agent.client));
    app = await ok(agent.client, payVisaApplication, { applicationId: app.id });
    const paid = await wallet();
    app = await ok(desk, setVisaStatus, {
      applicationId: app.id,
      version: app.version,
      status: 'rejected',
      note: 'Insufficient funds shown',
    });
    expect(app).toMatchObject({ status: 'rejected', refundedAmount: 5500 });
    expect(await wallet()).toBe(paid + 5500);
    // Once: the same decision again changes nothing.
    await ok(desk, setVisaStatus, { applicationId: app.id, status: 'rejected', note: '' });
    expect(await wallet()).toBe(paid + 5500);
    await refused(desk, setVisaStatus, { applicationId: app.id, status: 'cancelled', note: '' }, 409);
    const mail = await waitForMail(agent.email.toLowerCase(), /rejected/);
    expect(mail.body.html).toContain('Insufficient funds shown');
    const invoice = await ok(agent.client, getSourceInvoice, { source: 'visa', sourceId: app.id });
    expect(invoice.creditNotes).toHaveLength(1);
    expect(invoice.creditNotes[0].total).toBe(5500);
  });

  it('a cancelled draft refunds nothing and owes nothing', async () => {
    const app = await start(agent.client);
    const before = await wallet();
    const cancelled = await ok(agent.client, cancelVisaApplication, { applicationId: app.id, reason: 'Plans changed' });
    expect(cancelled).toMatchObject({ status: 'cancelled', refundedAmount: 0 });
    expect(await wallet()).toBe(before);
  });

  it('keeps the terms to staff with the right, and a retail customer out of the queue', async () => {
    const retail = await newCustomer(FLIGHTDEALS, 'retail');
    await refused(retail.client, visaQueue, { status: 'submitted' }, 403);
    await refused(retail.client, saveVisaTerms, { ...TERMS, refundPercentOnRejection: 100 }, 403);
    expect((await ok(desk, visaQueue, { status: 'rejected' })).terms).toMatchObject({ refundPercentOnRejection: 50 });
  });
});
