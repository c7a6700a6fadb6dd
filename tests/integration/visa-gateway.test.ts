/**
 * The visa fee paid through the site's gateway (docs/visas.md "Paying once"): a customer without wallet money pays
 * on the sandbox gateway and comes back to the application; a declined payment changes nothing; the verified
 * payment submits the application once (ten verifications at once, and ten hand-overs to the application at the
 * same moment), invoiced as a wallet payment is; a rejection refunds the site's percentage through the gateway,
 * once, with its credit note, and the wallet is never touched. On SkyWay, whose visa terms no other file sets.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useStackQueues } from '../support/queues.ts';
import { saveVisaCategory, saveVisaChecklist, saveVisaCountry } from '@tp/contracts/endpoints/visa';
import {
  VISA_APP_MSG,
  getVisaApplication,
  payVisaApplication,
  saveVisaTerms,
  setVisaStatus,
  startVisaApplication,
  uploadVisaDocument,
  type TVisaApplication,
} from '@tp/contracts/endpoints/visa-applications';
import { getSourceInvoice } from '@tp/contracts/endpoints/invoices';
import { completeSandboxPayment } from '@tp/contracts/endpoints/wallet';
import { paymentVerification } from '../../functions/src/entries/wiring/orders.ts';
import { asSiteId } from '../../functions/src/lib/keys.ts';
import { receiveVisaGatewayPayment } from '../../functions/src/visa/index.ts';
import { verifyAndApply } from '../../functions/src/wallet/index.ts';
import { balanceOf } from '../../functions/src/wallet/ledger-repo.ts';
import { getPayment } from '../../functions/src/wallet/payments-repo.ts';
import { gatewayRefundId, getRefund } from '../../functions/src/wallet/refunds.ts';
import type { Client } from '../support/api.ts';
import { SKYWAY, ok, refused, staff, tag } from './dmc-helpers.ts';
import { inDays, newCustomer, type Customer } from './flights-helpers.ts';

const siteId = asSiteId(SKYWAY.siteId);
const TERMS = {
  markupType: 'percentage',
  markupValue: 10,
  refundPercentOnRejection: 50,
  refundPercentOnCancellation: 100,
  documentRetentionDays: 30,
};

let desk: Client;
let categoryId: string;
let customer: Customer;

const pdf = (text: string) =>
  Buffer.from(`%PDF-1.7\n1 0 obj << /Title (${text}) >> endobj\ntrailer << >>\n%%EOF\n`).toString('base64');

async function readyApplication(c: Client): Promise<TVisaApplication> {
  let app = await ok<TVisaApplication>(c, startVisaApplication, {
    categoryId,
    nationality: 'IN',
    travelFrom: inDays(30),
    travelTo: inDays(40),
    travellers: [
      {
        firstName: 'Asha',
        lastName: 'Verma',
        passportNumber: 'Z1234567',
        passportExpiry: inDays(900),
        dateOfBirth: '1990-04-12',
      },
    ],
    idempotencyKey: randomUUID().replace(/-/g, ''),
  });
  for (const m of app.missing)
    app = await ok(c, uploadVisaDocument, {
      applicationId: app.id,
      traveller: m.traveller,
      document: m.document,
      file: { fileName: `${m.document}.pdf`, dataBase64: pdf(m.document) },
    });
  return app;
}

const wallet = async () => (await balanceOf(SKYWAY.siteId, customer.legalEntityId)).balance;

beforeAll(async () => {
  // The verifications this file runs itself mail the applicant and queue the gateway's own messages.
  await useStackQueues('email', 'notifications', 'paymentVerification');
  desk = await staff(SKYWAY);
  const t = tag();
  const country = await ok(desk, saveVisaCountry, { countryName: `Payland ${t}`, countryCode: '' });
  const category = await ok(desk, saveVisaCategory, { countryId: country._id, visaCategory: 'Tourist', summary: '' });
  categoryId = category._id;
  await ok(desk, saveVisaChecklist, {
    categoryId,
    nationality: 'IN',
    html: '<p>Passport</p>',
    fee: 4000,
    documents: ['Passport'],
  });
  await ok(desk, saveVisaTerms, TERMS);
  customer = await newCustomer(SKYWAY, 'retail');
}, 120_000);

describe('the visa fee through the gateway', () => {
  it('submits once on a verified payment, a declined one changing nothing, and refunds a rejection once through the gateway', async () => {
    const app = await readyApplication(customer.client);
    expect(app.fee).toMatchObject({ total: 4400, currency: 'INR' });
    // The wallet cannot pay; the gateway can.
    expect((await refused(customer.client, payVisaApplication, { applicationId: app.id }, 402)).message).toBe(
      VISA_APP_MSG.insufficient,
    );

    const declined = await ok<TVisaApplication>(customer.client, payVisaApplication, {
      applicationId: app.id,
      method: 'gateway',
    });
    expect(declined).toMatchObject({ status: 'draft', paidAt: null });
    const declinedId = declined.redirectTo!.split('/').pop()!;
    expect(declined.redirectTo).toBe(`/app/sandbox-gateway/${declinedId}`);
    await ok(customer.client, completeSandboxPayment, { paymentId: declinedId, outcome: 'fail' });
    expect(['failed', 'already']).toContain(
      await verifyAndApply(siteId, declinedId, new Date(), paymentVerification()),
    );
    expect((await getPayment(siteId, declinedId))?.status).toBe('failed');
    expect(await ok(customer.client, getVisaApplication, { applicationId: app.id })).toMatchObject({
      status: 'draft',
      paidAt: null,
    });

    const started = await ok<TVisaApplication>(customer.client, payVisaApplication, {
      applicationId: app.id,
      method: 'gateway',
    });
    const paymentId = started.redirectTo!.split('/').pop()!;
    const back = await ok(customer.client, completeSandboxPayment, { paymentId, outcome: 'pay' });
    expect(back.returnTo).toBe(`/app/visa-applications/${app.id}?payment=${paymentId}`);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => verifyAndApply(siteId, paymentId, new Date(), paymentVerification())),
    );
    // The local stack's payments worker may have applied it first (the sandbox queues its verification).
    expect(outcomes.filter((o) => o === 'applied').length).toBeLessThanOrEqual(1);
    expect(
      outcomes.every((o) => o === 'applied' || o === 'already'),
      outcomes.join(),
    ).toBe(true);
    expect((await getPayment(siteId, paymentId))?.status).toBe('applied');
    const paid = await ok<TVisaApplication>(customer.client, getVisaApplication, { applicationId: app.id });
    expect(paid).toMatchObject({
      status: 'submitted',
      paidAmount: 4400,
      paidBy: 'gateway',
      paidAt: expect.any(String),
    });
    // Paying again answers the paid application and takes nothing.
    expect((await ok(customer.client, payVisaApplication, { applicationId: app.id })).paidAt).toBe(paid.paidAt);
    expect(await wallet()).toBe(0);
    const invoice = await ok(customer.client, getSourceInvoice, { source: 'visa', sourceId: app.id });
    expect(invoice.total).toBe(4400);

    // Five rejections at once: one refund of 50 % through the gateway, one credit note; the wallet untouched.
    const rejections = await Promise.all(
      Array.from({ length: 5 }, () =>
        desk.call(setVisaStatus, { applicationId: app.id, status: 'rejected', note: 'Not eligible' }),
      ),
    );
    expect(rejections.some((r) => r.status === 200)).toBe(true);
    expect(
      rejections.every((r) => [200, 409].includes(r.status)),
      rejections.map((r) => r.status).join(),
    ).toBe(true);
    const rejected = await ok<TVisaApplication>(customer.client, getVisaApplication, { applicationId: app.id });
    expect(rejected).toMatchObject({ status: 'rejected', refundedAmount: 2200 });
    expect(await getRefund(siteId, gatewayRefundId(`VF-${app.id}`))).toMatchObject({ paymentId, amount: 2200 });
    expect((await getPayment(siteId, paymentId))?.refundedAmount).toBe(2200);
    expect(await wallet()).toBe(0);
    const credited = await ok(customer.client, getSourceInvoice, { source: 'visa', sourceId: app.id });
    expect(credited.creditNotes).toHaveLength(1);
    expect(credited.creditNotes[0].total).toBe(2200);
  });

  it('takes a payment once when ten verifications hand it over at the same moment, and refuses another', async () => {
    const app = await readyApplication(customer.client);
    const payment = {
      paymentId: `Ptest${app.id}`,
      transactionId: 'T1',
      amount: 4400,
      currency: 'INR',
      gateway: 'sandbox',
    };
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => receiveVisaGatewayPayment(siteId, app.id, payment, new Date())),
    );
    expect(outcomes.filter((o) => o === 'received')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'already')).toHaveLength(9);
    // A second payment, or one of another amount, is refused (the payments side sends it back).
    expect(await receiveVisaGatewayPayment(siteId, app.id, { ...payment, paymentId: 'Pother' }, new Date())).toBe(
      'refused',
    );
    const other = await readyApplication(customer.client);
    expect(
      await receiveVisaGatewayPayment(siteId, other.id, { ...payment, paymentId: 'Pless', amount: 1 }, new Date()),
    ).toBe('refused');
    expect(await ok(customer.client, getVisaApplication, { applicationId: app.id })).toMatchObject({
      status: 'submitted',
      paidBy: 'gateway',
    });
    expect((await ok(customer.client, getVisaApplication, { applicationId: other.id })).paidAt).toBeNull();
  });
});
