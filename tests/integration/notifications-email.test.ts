/**
 * The email pipeline end to end: enqueueEmail → SQS emulator → local poller → email worker → SES
 * emulator, including a raw MIME message with an attachment and a redelivered duplicate.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { GetQueueUrlCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { QUEUES } from '@tp/contracts/platform';
import { enqueueEmail } from '../../functions/src/lib/mail.ts';
import { mailbox, waitForMail } from '../support/api.ts';
import { suppressedOf } from '../../functions/src/mail/index.ts';
import { uniqueEmail, useStackTable } from './users-helpers.ts';

const local = { region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
const queueUrl = async (name: string) =>
  (await new SQSClient({ ...local, endpoint: inject('sqsUrl') }).send(new GetQueueUrlCommand({ QueueName: name })))
    .QueueUrl!;

beforeAll(async () => {
  const QueueUrl = await queueUrl(QUEUES.email.name);
  useStackTable();
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

  it('a hard bounce reported by SES puts the address on the suppression list, and the worker mails it no more', async () => {
    const bounced = uniqueEmail('bounced');
    const control = uniqueEmail('control');
    // What SES's configuration set publishes (raw SNS delivery), trimmed to the fields that matter.
    const sesEvent = {
      eventType: 'Bounce',
      bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: bounced }] },
      mail: { messageId: `ses-${randomUUID()}` },
    };
    await new SQSClient({ ...local, endpoint: inject('sqsUrl') }).send(
      new SendMessageCommand({
        QueueUrl: await queueUrl(QUEUES.mailFeedback.name),
        MessageBody: JSON.stringify(sesEvent),
      }),
    );
    const deadline = Date.now() + 15_000;
    while (!(await suppressedOf([bounced])).has(bounced) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect([...(await suppressedOf([bounced, control]))]).toEqual([bounced]);

    await enqueueEmail({
      siteId: 'site-flightdeals',
      to: [bounced, control],
      subject: 'Suppression check',
      html: '<p>hi</p>',
      text: 'hi',
      idempotencyKey: `suppress-${randomUUID()}`,
    });
    const mail = await waitForMail(control, /Suppression check/);
    // The same mail went to the control address only: the bounced one is in no captured mail.
    expect(mail.destination.to).toEqual([control]);
    expect((await mailbox()).filter((m) => m.destination.to.includes(bounced))).toEqual([]);
  });
});
