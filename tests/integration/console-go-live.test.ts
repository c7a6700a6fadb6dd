/**
 * Going live on a domain, on the local stack (docs/deploy.md "Going live on a domain"): a reseller onboarded from
 * the console is live at once on its `<name>.localhost` domain, and its checklist shows every DNS record to
 * publish, verified by the local adapter.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkGoLive,
  getGoLive,
  startGoLive,
  ZGoLive,
  CONSOLE_DOMAINS_MSG,
} from '@tp/contracts/endpoints/console-domains';
import { consoleLogin, onboardReseller } from '@tp/contracts/endpoints/console';
import { detectSite } from '@tp/contracts/endpoints/site';
import { CONSOLE } from '@tp/contracts/platform';
import { DEMO_OPERATOR, DEMO_PASSWORD } from '../../scripts/seed/logins.ts';
import { Client } from '../support/api.ts';

async function signedInOperator(): Promise<Client> {
  const operator = new Client(CONSOLE.localHost);
  const res = await operator.call(consoleLogin, { email: DEMO_OPERATOR.email, password: DEMO_PASSWORD });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return operator;
}

async function onboarded(operator: Client, domain: string): Promise<string> {
  const res = await operator.call(onboardReseller, {
    idempotencyKey: randomUUID().replace(/-/g, ''),
    companyName: 'Go Live Travels',
    domains: [domain],
    legalEntity: {
      legalName: 'Go Live Travels Private Limited',
      gstin: '27AAPFU0939F1ZV',
      state: 'MH',
      pan: 'AAPFU0939F',
      address: '1 Marine Drive, Mumbai',
    },
    adminContact: '+91 98200 00000',
    adminEmail: `support@${domain}`,
    modules: ['flights'],
    supplierMode: 'simulator',
    gatewayMode: 'sandbox',
    branding: { primary: '#0b5cad', secondary: '#f59f00' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result.siteId as string;
}

describe('going live on the local stack', () => {
  it('a domain onboarded locally answers at once and its checklist is verified by the local adapter', async () => {
    const operator = await signedInOperator();
    const domain = `golive-${randomUUID().slice(0, 8)}.localhost`;
    const siteId = await onboarded(operator, domain);

    // The site answers on its domain as soon as it exists.
    const detected = await new Client(domain).call(detectSite, { domain });
    expect(detected.status).toBe(200);
    expect(detected.body.result.companyName).toBe('Go Live Travels');

    // Nothing asked yet: every record to publish is listed, none verified.
    const before = await operator.call(getGoLive, { siteId });
    expect(before.status).toBe(200);
    const list = ZGoLive.parse(before.body.result);
    expect(list).toMatchObject({ siteId, provider: 'local', live: false });
    expect(list.domains.map((d) => [d.domain, d.state])).toEqual([[domain, 'notStarted']]);
    expect(list.domains[0]!.records.map((r) => [r.purpose, r.name, r.type])).toEqual([
      ['dkim', `<token1>._domainkey.${domain}`, 'CNAME'],
      ['dkim', `<token2>._domainkey.${domain}`, 'CNAME'],
      ['dkim', `<token3>._domainkey.${domain}`, 'CNAME'],
      ['mailFromMx', `mail.${domain}`, 'MX'],
      ['mailFromSpf', `mail.${domain}`, 'TXT'],
      ['dmarc', `_dmarc.${domain}`, 'TXT'],
      ['alias', domain, 'CNAME'],
    ]);

    // Started: live at once, every record verified.
    const started = await operator.call(startGoLive, { siteId });
    expect(started.status).toBe(200);
    expect(started.body.message).toBe(CONSOLE_DOMAINS_MSG.live);
    const live = ZGoLive.parse(started.body.result);
    expect(live.live).toBe(true);
    expect(live.domains[0]).toMatchObject({ domain, state: 'live' });
    expect(live.domains[0]!.records.every((r) => r.verified)).toBe(true);

    // A repeated start and a check change nothing but the time of the last look.
    const again = ZGoLive.parse((await operator.call(startGoLive, { siteId })).body.result);
    expect(again.domains[0]!.startedAt).toBe(live.domains[0]!.startedAt);
    const checked = ZGoLive.parse((await operator.call(checkGoLive, { siteId })).body.result);
    expect(checked.live).toBe(true);
    expect(ZGoLive.parse((await operator.call(getGoLive, { siteId })).body.result).live).toBe(true);
  });

  it('answers an unknown reseller with not found and a signed-out caller with 401', async () => {
    const operator = await signedInOperator();
    const unknown = await operator.call(getGoLive, { siteId: 'site-nobody-here' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errorMessage).toBe(CONSOLE_DOMAINS_MSG.resellerNotFound);
    const anonymous = await new Client(CONSOLE.localHost).call(startGoLive, { siteId: 'site-flightdeals' });
    expect(anonymous.status).toBe(401);
  });
});
