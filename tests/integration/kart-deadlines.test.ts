/**
 * The payment-deadline mail: the day before a quotation's payment deadline, with a balance due,
 * the site's staff get one mail through the email queue; running the reminders again sends nothing twice, and a
 * paid or cancelled kart is not reminded.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { GetQueueUrlCommand, SQSClient } from '@aws-sdk/client-sqs';
import { createDetailPendingCustomerForDmc } from '@tp/contracts/endpoints/customers';
import { cancelKart, getKartById, recordKartReceipt, saveKart } from '@tp/contracts/endpoints/kart';
import { QUEUES } from '@tp/contracts/platform';
import { sendDeadlineReminders } from '../../functions/src/kart/index.ts';
import { siteTimeZone } from '../../functions/src/lib/tenancy.ts';
import { localDay } from '../../functions/src/lib/time.ts';
import { mailbox, waitForMail } from '../support/api.ts';
import { uniquePhone } from './users-helpers.ts';
import { FLIGHTDEALS, ok, staff, tag } from './dmc-helpers.ts';
import type { Client } from '../support/api.ts';

const local = { region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
let c: Client;
let customerId: string;

beforeAll(async () => {
  c = await staff();
  const sqs = new SQSClient({ ...local, endpoint: inject('sqsUrl') });
  const { QueueUrl } = await sqs.send(new GetQueueUrlCommand({ QueueName: QUEUES.email.name }));
  Object.assign(process.env, { AWS_ENDPOINT_URL_SQS: inject('sqsUrl'), EMAIL_QUEUE_URL: QueueUrl });
  const customer = await ok(c, createDetailPendingCustomerForDmc, {
    firstName: 'Kiran',
    lastName: 'Shah',
    phone: uniquePhone(),
    phoneCode: 'in',
  });
  customerId = customer.id;
});

/** The site's calendar day `n` days from now. */
const siteDay = (now: Date, n: number) => localDay(new Date(now.getTime() + n * 86_400_000), siteTimeZone(FLIGHTDEALS));

const kart = (name: string, paymentDeadline: string) => ({
  customerId,
  kartName: name,
  adults: 2,
  child: 0,
  infant: 0,
  arrivalDate: '2099-01-10',
  noOfDays: 3,
  noOfNights: 2,
  miscellaneous: [{ name: 'Visa', description: '30 days', price: 500, startDate: null }],
  paymentDeadline,
});

describe('payment deadline reminders', () => {
  it('mails the staff once the day before the deadline, and never a paid or cancelled kart', async () => {
    const now = new Date();
    const t = tag();
    const due = await ok(c, saveKart, kart(`Due ${t}`, siteDay(now, 1)));
    expect(due.deadline).toMatchObject({ payment: 'dueSoon', remindToday: true });
    // Paid in full: what was collected is the receipts' sum, never typed.
    const unpaid = await ok(c, saveKart, kart(`Paid ${t}`, siteDay(now, 1)));
    const receipt = { id: unpaid.id, amount: 500, method: 'bankTransfer', reference: `UTR ${t}`, idempotencyKey: t };
    await ok(c, recordKartReceipt, receipt);
    const paid = await ok(c, getKartById, { id: unpaid.id });
    const later = await ok(c, saveKart, kart(`Later ${t}`, siteDay(now, 2)));
    const cancelled = await ok(c, saveKart, kart(`Cancelled ${t}`, siteDay(now, 1)));
    await ok(c, cancelKart, { id: cancelled.id });
    expect(paid.deadline.remindToday || later.deadline.remindToday).toBe(false);

    await sendDeadlineReminders(now);
    const mail = await waitForMail(FLIGHTDEALS.adminEmail, new RegExp(`Payment due tomorrow: Due ${t}`));
    expect(mail.body.text).toContain('Kiran Shah');
    expect(mail.body.text).toContain(due.quotationId);

    // Again: nothing new for this kart; a kart reminded for the first time shows the run went through.
    await sendDeadlineReminders(now);
    const marker = await ok(c, saveKart, kart(`Marker ${t}`, siteDay(now, 1)));
    await sendDeadlineReminders(now);
    await waitForMail(FLIGHTDEALS.adminEmail, new RegExp(`Payment due tomorrow: Marker ${t}`));
    const mine = (await mailbox()).filter((m) => m.subject.includes(t)).map((m) => m.subject);
    expect(mine.sort()).toEqual(
      [
        `Payment due tomorrow: Due ${t} (${due.quotationId})`,
        `Payment due tomorrow: Marker ${t} (${marker.quotationId})`,
      ].sort(),
    );
  });
});
