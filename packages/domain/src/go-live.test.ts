import { describe, expect, it } from 'vitest';
import { domainChecklist, domainDnsRecords } from './go-live.ts';

const facts = { domain: 'acme.example.com', mailFromDomain: 'mail.acme.example.com', region: 'ap-south-1' };
const none = { alias: false, dkim: false, mailFrom: false, dmarc: false };

describe('domainDnsRecords', () => {
  it('shows placeholders for what the cloud has not made yet', () => {
    expect(domainDnsRecords(facts).map((r) => [r.name, r.type, r.value])).toEqual([
      ['<token1>._domainkey.acme.example.com', 'CNAME', '<token1>.dkim.amazonses.com'],
      ['<token2>._domainkey.acme.example.com', 'CNAME', '<token2>.dkim.amazonses.com'],
      ['<token3>._domainkey.acme.example.com', 'CNAME', '<token3>.dkim.amazonses.com'],
      ['mail.acme.example.com', 'MX', '10 feedback-smtp.ap-south-1.amazonses.com'],
      ['mail.acme.example.com', 'TXT', '"v=spf1 include:amazonses.com ~all"'],
      ['_dmarc.acme.example.com', 'TXT', '"v=DMARC1; p=quarantine; rua=mailto:dmarc-reports@acme.example.com"'],
      ['acme.example.com', 'CNAME', '<distribution>.cloudfront.net'],
    ]);
  });

  it('fills in the DKIM tokens and the alias target once known', () => {
    const records = domainDnsRecords({ ...facts, dkimTokens: ['a1', 'b2', 'c3'], aliasTarget: 'd1.cloudfront.net' });
    expect(records[1]).toMatchObject({ name: 'b2._domainkey.acme.example.com', value: 'b2.dkim.amazonses.com' });
    expect(records[6]).toMatchObject({ name: 'acme.example.com', value: 'd1.cloudfront.net' });
  });

  it('keeps the placeholders when SES gave other than three tokens', () => {
    expect(domainDnsRecords({ ...facts, dkimTokens: ['a1'] })[0]!.name).toBe('<token1>._domainkey.acme.example.com');
  });
});

describe('domainChecklist', () => {
  it('is not live while any required record is unverified', () => {
    const list = domainChecklist(facts, { ...none, alias: true, dkim: true });
    expect(list.live).toBe(false);
    expect(list.records.map((r) => r.verified)).toEqual([true, true, true, false, false, false, true]);
  });

  it('is live with every required record verified, DMARC being a recommendation', () => {
    const list = domainChecklist(facts, { alias: true, dkim: true, mailFrom: true, dmarc: false });
    expect(list.live).toBe(true);
    expect(list.records.filter((r) => !r.required).map((r) => r.purpose)).toEqual(['dmarc']);
  });
});
