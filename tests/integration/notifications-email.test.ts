/**
 * The email pipeline end to end: enqueueEmail → SQS emulator → local poller → email worker → SES
 * emulator, including a raw MIME message with an attachment and a redelivered duplicate.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { GetQueueUrlCommand, SQSClient } from '@aws-sdk/client-sqs';
import { QUEUES } from '@tp/contracts/platform';
import { enqueueEmail } from '../../functions/src/lib/mail.ts';
import { mailbox, waitForMail } from '../support/api.ts';
import { uniqueEmail } from './users-helpers.ts';

beforeAll(async () => {
  const local = { region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
  const { QueueUrl } = await new SQSClient({ ...local, endpoint: inject('sqsUrl') }).send(
    new GetQueueUrlCommand({ QueueName: QUEUES.email.name }),
  );
  Object.assign(process.env, {
    AWS_REGION: local.region,
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_SQS: inject('sqsUrl'),
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    EMAIL_QUEUE_URL: QueueUrl,
  });
});

describe('email pipeline', () => {
  it('delivers a mail with an attachment as raw MIME, from the site company name', async () => {
    const to = uniqueEmail('ticket');
    const pdf = Buffer.from('%PDF-1.4 e-ticket for PNR ABC123').toString('base64');
    await enqueueEmail({
      siteId: 'site-skyway',
      to,
      subject: 'Your e-ticket ✈ ABC123',
      html: '<p>Your ticket is attached.</p>',
      text: 'Your ticket is attached.',
      attachments: [{ filename: 'e-ticket ABC123.pdf', contentType: 'application/pdf', contentBase64: pdf }],
      idempotencyKey: `ticket-${randomUUID()}`,
    });
    const mail = await waitForMail(to, /Your e-ticket ✈ ABC123/);
    expect(mail.from).toContain('SkyWay Travels');
    expect(mail.body.html).toContain('Your ticket is attached.');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({
      filename: 'e-ticket ABC123.pdf',
      contentType: 'application/pdf',
      content: pdf,
    });
  });

  it('sends a message once when it is queued twice with the same idempotency key', async () => {
    const to = uniqueEmail('dup');
    const msg = {
      siteId: 'site-flightdeals',
      to,
      subject: 'Only once',
      html: '<p>once</p>',
      text: 'once',
      idempotencyKey: `dup-${randomUUID()}`,
    };
    await enqueueEmail(msg);
    await enqueueEmail(msg);
    await waitForMail(to, /Only once/);
    await new Promise((r) => setTimeout(r, 2000));
    expect((await mailbox()).filter((m) => m.destination.to.includes(to))).toHaveLength(1);
  });

  it('refuses to queue a message that does not match the schema', async () => {
    await expect(
      enqueueEmail({ siteId: 'site-flightdeals', to: 'nope', subject: 'x', html: 'x', text: 'x', idempotencyKey: 'k' }),
    ).rejects.toThrow();
  });
});
