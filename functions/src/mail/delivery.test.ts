import { describe, expect, it, vi } from 'vitest';
import type { SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import type { TEmailMessage } from '#lib/mail';
import { createEmailHandler, senderAddress, type EmailWorkerDeps } from './delivery.ts';
import { quietLog } from '#lib/testing';

const message = (overrides: Partial<TEmailMessage> = {}): TEmailMessage => ({
  siteId: 'site-flightdeals',
  to: 'asha@example.com',
  subject: 'Reset your Flight Deals password',
  html: '<p>Hi</p>',
  text: 'Hi',
  idempotencyKey: 'password-1',
  ...overrides,
});

const record = (id: string, body: unknown): SQSRecord =>
  ({
    messageId: id,
    receiptHandle: id,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    attributes: {},
  }) as SQSRecord;
const event = (...records: SQSRecord[]): SQSEvent => ({ Records: records });

/** Claims behave like the conditional put: the first claim of a key wins until released. */
function fakes(
  send: (input: SendEmailCommandInput) => Promise<void> = async () => undefined,
  render: EmailWorkerDeps['render'] = async (_siteId, r) => ({
    filename: `e-ticket-${r.bookingId}.pdf`,
    contentType: 'application/pdf',
    contentBase64: Buffer.from(`%PDF-1.7 ${r.bookingId} pax=${r.pax ?? 'all'} hidePrice=${r.hidePrice}`).toString(
      'base64',
    ),
  }),
) {
  const claimed = new Set<string>();
  const sent: SendEmailCommandInput[] = [];
  /** Addresses on the suppression list; a test pushes to it. */
  const suppressedAddresses: string[] = [];
  /** Users who turned mail off for a kind, as `userId|kind`; a test pushes to it. */
  const mailOff: string[] = [];
  const deps: EmailWorkerDeps = {
    wantsMail: async (_siteId, userId, kind) => !mailOff.includes(`${userId}|${kind}`),
    claim: vi.fn(async (siteId, key) =>
      claimed.has(`${siteId}|${key}`) ? false : (claimed.add(`${siteId}|${key}`), true),
    ),
    release: vi.fn(async (siteId, key) => void claimed.delete(`${siteId}|${key}`)),
    suppressed: async (addresses) => new Set(addresses.filter((a) => suppressedAddresses.includes(a))),
    sender: async (siteId) =>
      siteId === 'site-flightdeals' ? { companyName: 'Flight Deals', domain: 'flightdeals.example.com' } : null,
    send: vi.fn(async (input: SendEmailCommandInput) => {
      await send(input);
      sent.push(input);
    }),
    render: vi.fn(render),
    now: () => new Date('2026-11-22T10:00:00Z'),
    log: quietLog(),
  };
  return { deps, claimed, sent, suppressedAddresses, mailOff };
}

describe('sender address', () => {
  const sender = { companyName: 'Flight Deals', domain: 'FlightDeals.example.com' };
  it("sends from the reseller's own domain when the stage has verified it", () => {
    expect(senderAddress(sender, 'no-reply@mail.platform.com', 'skyway.example.com, flightdeals.example.com')).toBe(
      '"Flight Deals" <no-reply@flightdeals.example.com>',
    );
  });
  it("falls back to the stage's address for a domain without an identity, under the company name", () => {
    expect(senderAddress(sender, 'no-reply@mail.platform.com', 'skyway.example.com')).toBe(
      '"Flight Deals" <no-reply@mail.platform.com>',
    );
    expect(senderAddress({ ...sender, domain: '' }, 'no-reply@mail.platform.com', '')).toBe(
      '"Flight Deals" <no-reply@mail.platform.com>',
    );
  });
});

describe('email worker', () => {
  it('sends simple mail from the site company name and reports no failures', async () => {
    const f = fakes();
    const out = await createEmailHandler(f.deps)(event(record('m1', message())));
    expect(out).toEqual({ batchItemFailures: [] });
    expect(f.sent).toHaveLength(1);
    expect(f.sent[0]).toMatchObject({
      FromEmailAddress: expect.stringMatching(/^"Flight Deals" <.+@.+>$/),
      Destination: { ToAddresses: ['asha@example.com'] },
      Content: {
        Simple: {
          Subject: { Data: 'Reset your Flight Deals password' },
          Body: { Html: { Data: '<p>Hi</p>' }, Text: { Data: 'Hi' } },
        },
      },
    });
  });

  it("sends an event's mail only while its user keeps mail on for that kind", async () => {
    const f = fakes();
    f.mailOff.push('u-1|refundCredited');
    const handler = createEmailHandler(f.deps);
    const notice = (userId: string) => ({ userId, kind: 'refundCredited' as const });
    await handler(event(record('m1', message({ notice: notice('u-1'), idempotencyKey: 'refund-1' }))));
    expect(f.sent).toEqual([]);
    expect(f.claimed.size).toBe(0);
    await handler(event(record('m2', message({ notice: notice('u-2'), idempotencyKey: 'refund-2' }))));
    expect(f.sent).toHaveLength(1);
  });

  it('leaves suppressed recipients out, and sends nothing (claiming nothing) when every recipient is suppressed', async () => {
    const f = fakes();
    f.suppressedAddresses.push('asha@example.com');
    const handler = createEmailHandler(f.deps);
    expect(await handler(event(record('m1', message())))).toEqual({ batchItemFailures: [] });
    expect(f.sent).toEqual([]);
    expect(f.claimed.size).toBe(0);
    await handler(event(record('m2', message({ to: ['asha@example.com', 'ravi@example.com'], idempotencyKey: 'k2' }))));
    expect(f.sent.map((s) => s.Destination?.ToAddresses)).toEqual([['ravi@example.com']]);
  });

  it('reports only the record whose send failed, and releases its claim so the retry can send', async () => {
    const f = fakes(async (input) => {
      if (input.Destination?.ToAddresses?.[0] === 'down@example.com') throw new Error('SES throttled');
    });
    const handler = createEmailHandler(f.deps);
    const out = await handler(
      event(
        record('ok', message({ idempotencyKey: 'a' })),
        record('bad', message({ idempotencyKey: 'b', to: 'down@example.com' })),
        record('ok2', message({ idempotencyKey: 'c', to: ['x@example.com', 'y@example.com'] })),
      ),
    );
    expect(out.batchItemFailures).toEqual([{ itemIdentifier: 'bad' }]);
    expect(f.deps.release).toHaveBeenCalledWith('site-flightdeals', 'b');
    expect(f.claimed.has('site-flightdeals|b')).toBe(false);
    expect(f.sent.map((s) => s.Destination?.ToAddresses)).toEqual([
      ['asha@example.com'],
      ['x@example.com', 'y@example.com'],
    ]);
  });

  it('sends a message once even when SQS delivers it again', async () => {
    const f = fakes();
    const handler = createEmailHandler(f.deps);
    await handler(event(record('m1', message())));
    const again = await handler(event(record('m1-redelivered', message())));
    expect(again.batchItemFailures).toEqual([]);
    expect(f.deps.send).toHaveBeenCalledTimes(1);
  });

  it('drops invalid bodies and mail for unknown sites instead of retrying them forever', async () => {
    const f = fakes();
    const out = await createEmailHandler(f.deps)(
      event(
        record('junk', 'not json'),
        record('no-to', { ...message(), to: 'not-an-email' }),
        record('ghost', message({ siteId: 'site-gone' })),
      ),
    );
    expect(out.batchItemFailures).toEqual([]);
    expect(f.deps.send).not.toHaveBeenCalled();
    expect(f.deps.log.warn).toHaveBeenCalledTimes(3);
  });

  it('builds a raw MIME message when there are attachments', async () => {
    const f = fakes();
    const pdf = Buffer.from('%PDF-1.4 ticket').toString('base64');
    await createEmailHandler(f.deps)(
      event(
        record(
          'm1',
          message({ attachments: [{ filename: 'ticket.pdf', contentType: 'application/pdf', contentBase64: pdf }] }),
        ),
      ),
    );
    const raw = Buffer.from(f.sent[0]!.Content!.Raw!.Data!).toString('utf8');
    expect(raw).toContain('From: "Flight Deals" <');
    expect(raw).toContain('Subject: Reset your Flight Deals password');
    expect(raw).toContain('filename="ticket.pdf"');
    expect(raw).toContain(pdf);
  });

  it('renders requested attachments just before the send and attaches them after the ready ones', async () => {
    const f = fakes();
    const ready = Buffer.from('ready').toString('base64');
    const out = await createEmailHandler(f.deps)(
      event(
        record(
          'm1',
          message({
            attachments: [{ filename: 'terms.txt', contentType: 'text/plain', contentBase64: ready }],
            attachmentRequests: [{ kind: 'eticketPdf', bookingId: 'B-1001', pax: 1, hidePrice: true }],
          }),
        ),
      ),
    );
    expect(out.batchItemFailures).toEqual([]);
    expect(f.deps.render).toHaveBeenCalledWith('site-flightdeals', {
      kind: 'eticketPdf',
      bookingId: 'B-1001',
      pax: 1,
      hidePrice: true,
    });
    const raw = Buffer.from(f.sent[0]!.Content!.Raw!.Data!).toString('utf8');
    expect(raw.indexOf('filename="terms.txt"')).toBeGreaterThan(0);
    expect(raw.indexOf('filename="e-ticket-B-1001.pdf"')).toBeGreaterThan(raw.indexOf('filename="terms.txt"'));
    expect(raw).toContain(Buffer.from('%PDF-1.7 B-1001 pax=1 hidePrice=true').toString('base64'));
  });

  it('retries a mail whose attachment cannot be rendered (claim freed, nothing sent), then sends it once', async () => {
    let failures = 1;
    const f = fakes(undefined, async (_siteId, r) => {
      if (failures-- > 0) throw new Error(`booking ${r.bookingId} not found`);
      return { filename: 'e-ticket.pdf', contentType: 'application/pdf', contentBase64: 'JVBERg==' };
    });
    const handler = createEmailHandler(f.deps);
    const msg = message({ attachmentRequests: [{ kind: 'eticketPdf', bookingId: 'B-1', hidePrice: false }] });
    expect((await handler(event(record('m1', msg)))).batchItemFailures).toEqual([{ itemIdentifier: 'm1' }]);
    expect(f.deps.send).not.toHaveBeenCalled();
    expect(f.claimed.size).toBe(0);
    expect(f.deps.log.error).toHaveBeenCalledWith(
      'email send failed; will retry',
      expect.objectContaining({ messageId: 'm1', error: 'booking B-1 not found' }),
    );
    expect((await handler(event(record('m1', msg)))).batchItemFailures).toEqual([]);
    expect((await handler(event(record('m1-again', msg)))).batchItemFailures).toEqual([]);
    expect(f.deps.send).toHaveBeenCalledTimes(1);
    expect(f.deps.render).toHaveBeenCalledTimes(2);
  });

  it('drops a message with an unknown attachment request kind (it can never be rendered)', async () => {
    const f = fakes();
    const out = await createEmailHandler(f.deps)(
      event(record('m1', { ...message(), attachmentRequests: [{ kind: 'invoicePdf', bookingId: 'B-1' }] })),
    );
    expect(out.batchItemFailures).toEqual([]);
    expect(f.deps.send).not.toHaveBeenCalled();
    expect(f.deps.log.warn).toHaveBeenCalledWith('email message dropped: invalid body', { messageId: 'm1' });
  });
});
