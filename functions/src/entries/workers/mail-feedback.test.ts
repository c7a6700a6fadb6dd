import type { SQSEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { createLogger } from '#lib/logger';
import { createMailFeedbackHandler, suppressionsOf, type SesFeedback } from './mail-feedback.ts';

const bounce = (bounceType: string, ...emails: string[]): SesFeedback => ({
  eventType: 'Bounce',
  bounce: { bounceType, bouncedRecipients: emails.map((emailAddress) => ({ emailAddress })) },
  mail: { messageId: 'ses-1' },
});

describe('mail feedback', () => {
  it('suppresses every recipient of a permanent bounce and of a complaint, never of a transient bounce', () => {
    expect(suppressionsOf(bounce('Permanent', 'a@x.com', 'b@x.com'))).toEqual([
      { address: 'a@x.com', reason: 'bounce' },
      { address: 'b@x.com', reason: 'bounce' },
    ]);
    expect(suppressionsOf(bounce('Transient', 'a@x.com'))).toEqual([]);
    expect(
      suppressionsOf({ eventType: 'Complaint', complaint: { complainedRecipients: [{ emailAddress: 'c@x.com' }] } }),
    ).toEqual([{ address: 'c@x.com', reason: 'complaint' }]);
    expect(suppressionsOf({ eventType: 'Delivery' })).toEqual([]);
  });

  it('records each suppression once per event, drops what is not an SES event, and fails only the record whose write failed', async () => {
    const written: string[] = [];
    const handler = createMailFeedbackHandler({
      suppress: async (address, reason) => {
        if (address === 'down@x.com') throw new Error('throttled');
        written.push(`${address}:${reason}`);
      },
      now: () => new Date('2026-11-23T10:00:00Z'),
      log: createLogger(),
    });
    const rec = (id: string, body: unknown) => ({
      messageId: id,
      receiptHandle: id,
      body: typeof body === 'string' ? body : JSON.stringify(body),
      attributes: {},
    });
    const out = await handler({
      Records: [
        rec('1', bounce('Permanent', 'a@x.com')),
        rec('2', 'not json'),
        rec('3', bounce('Permanent', 'down@x.com')),
      ],
    } as unknown as SQSEvent);
    expect(written).toEqual(['a@x.com:bounce']);
    expect(out).toEqual({ batchItemFailures: [{ itemIdentifier: '3' }] });
  });
});
