/**
 * The AWS adapter against the SDK's own request and response shapes: real CloudFront and SESv2 clients whose
 * HTTP handler is a fake, so each call is serialised as it would go on the wire (REST-XML for CloudFront,
 * REST-JSON for SESv2) and each answer, errors included, is parsed by the SDK.
 */
import { CloudFrontClient } from '@aws-sdk/client-cloudfront';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import type { HttpRequest, HttpResponse } from '@smithy/types';
import { describe, expect, it } from 'vitest';
import { awsProvisioner, tenantNameOf } from './aws-provisioner.ts';

interface Sent {
  method: string;
  path: string;
  query: Record<string, unknown>;
  body: string;
}
interface Answer {
  status: number;
  body: string;
  headers?: Record<string, string>;
}
type Route = (sent: Sent) => Answer | undefined;

/** An SDK client whose requests are recorded and answered by `routes` (the first that answers). */
function fakeHttp(routes: Route[]) {
  const sent: Sent[] = [];
  const requestHandler = {
    async handle(request: HttpRequest) {
      const s: Sent = {
        method: request.method,
        path: request.path,
        query: request.query ?? {},
        body: typeof request.body === 'string' ? request.body : request.body ? String(request.body) : '',
      };
      sent.push(s);
      const answer = routes.map((r) => r(s)).find(Boolean);
      if (!answer) throw new Error(`no fake answer for ${s.method} ${s.path}`);
      const response: HttpResponse = {
        statusCode: answer.status,
        headers: answer.headers ?? {},
        body: new TextEncoder().encode(answer.body),
      };
      return { response };
    },
  };
  return { sent, requestHandler };
}

const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' };
const config = {
  distributionId: 'E2MULTITENANT',
  configurationSetName: 'dev-travel-platform',
  region: 'ap-south-1',
  stage: 'dev',
};
const request = { domain: 'acme.example.com', mailFromDomain: 'mail.acme.example.com', siteId: 'acme' };

const on =
  (method: string, path: string | RegExp, answer: Answer): Route =>
  (s) =>
    s.method === method && (typeof path === 'string' ? s.path === path : path.test(s.path)) ? answer : undefined;

const xmlError = (status: number, code: string): Answer => ({
  status,
  headers: { 'content-type': 'text/xml' },
  body: `<?xml version="1.0"?><ErrorResponse><Error><Type>Sender</Type><Code>${code}</Code><Message>${code}</Message></Error><RequestId>r1</RequestId></ErrorResponse>`,
});
const jsonError = (status: number, type: string): Answer => ({
  status,
  headers: { 'content-type': 'application/json', 'x-amzn-errortype': type },
  body: JSON.stringify({ message: type }),
});
const xml = (body: string): Answer => ({
  status: 200,
  headers: { 'content-type': 'text/xml', etag: 'E1' },
  body: `<?xml version="1.0"?>${body}`,
});
const json = (body: unknown): Answer => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

const tenantXml = (distributionId: string, domainStatus: 'active' | 'inactive') =>
  xml(
    `<DistributionTenant><Id>dt_acme</Id><DistributionId>${distributionId}</DistributionId><Name>dev-acme-example-com</Name>` +
      `<Domains><member><Domain>acme.example.com</Domain><Status>${domainStatus}</Status></member></Domains>` +
      `<ConnectionGroupId>cg_default</ConnectionGroupId><Enabled>true</Enabled><Status>Deployed</Status></DistributionTenant>`,
  );

interface World {
  tenant?: Answer;
  certificate?: 'pending-validation' | 'issued';
  dns?: 'valid-configuration' | 'invalid-configuration';
  identity?: Answer;
  createTenant?: Answer;
  createIdentity?: Answer;
}

function provisionerIn(world: World, dmarc: string[][] | Error = new Error('ENOTFOUND')) {
  const cf = fakeHttp([
    on(
      'POST',
      '/2020-05-31/distribution-tenant',
      world.createTenant ?? { ...tenantXml('E2MULTITENANT', 'inactive'), status: 201 },
    ),
    on(
      'GET',
      /^\/2020-05-31\/distribution-tenant-by-domain|^\/2020-05-31\/distribution-tenant$/,
      world.tenant ?? xmlError(404, 'EntityNotFound'),
    ),
    on(
      'GET',
      '/2020-05-31/connection-group/cg_default',
      xml(
        '<ConnectionGroup><Id>cg_default</Id><Name>default</Name><RoutingEndpoint>d1abc.cloudfront.net</RoutingEndpoint></ConnectionGroup>',
      ),
    ),
    on(
      'GET',
      '/2020-05-31/managed-certificate/dt_acme',
      xml(
        `<ManagedCertificateDetails><CertificateArn>arn:aws:acm:us-east-1:1:certificate/c</CertificateArn><CertificateStatus>${world.certificate ?? 'pending-validation'}</CertificateStatus><ValidationTokenHost>cloudfront</ValidationTokenHost></ManagedCertificateDetails>`,
      ),
    ),
    on(
      'POST',
      '/2020-05-31/verify-dns-configuration',
      xml(
        `<VerifyDnsConfigurationResult><DnsConfigurationList><DnsConfiguration><Domain>acme.example.com</Domain><Status>${world.dns ?? 'invalid-configuration'}</Status></DnsConfiguration></DnsConfigurationList></VerifyDnsConfigurationResult>`,
      ),
    ),
  ]);
  const ses = fakeHttp([
    on(
      'POST',
      '/v2/email/identities',
      world.createIdentity ??
        json({
          IdentityType: 'DOMAIN',
          VerifiedForSendingStatus: false,
          DkimAttributes: { Status: 'PENDING', Tokens: ['t1', 't2', 't3'] },
        }),
    ),
    on('PUT', '/v2/email/identities/acme.example.com/mail-from', json({})),
    on('GET', '/v2/email/identities/acme.example.com', world.identity ?? jsonError(404, 'NotFoundException')),
  ]);
  const provisioner = awsProvisioner(config, {
    cloudfront: new CloudFrontClient({
      region: 'us-east-1',
      credentials,
      requestHandler: cf.requestHandler,
      maxAttempts: 1,
    }),
    ses: new SESv2Client({ region: config.region, credentials, requestHandler: ses.requestHandler, maxAttempts: 1 }),
    resolveTxt: async () => {
      if (dmarc instanceof Error) throw dmarc;
      return dmarc;
    },
  });
  return { provisioner, cf: cf.sent, ses: ses.sent };
}

const pendingIdentity = json({
  DkimAttributes: { Status: 'PENDING', Tokens: ['t1', 't2', 't3'] },
  MailFromAttributes: {
    MailFromDomain: 'mail.acme.example.com',
    MailFromDomainStatus: 'PENDING',
    BehaviorOnMxFailure: 'USE_DEFAULT_VALUE',
  },
});

describe('awsProvisioner.start', () => {
  it('creates a tenant with a CloudFront-managed certificate and an SES identity with DKIM and MAIL FROM', async () => {
    const { provisioner, cf, ses } = provisionerIn({
      tenant: tenantXml('E2MULTITENANT', 'inactive'),
      identity: pendingIdentity,
    });
    const state = await provisioner.start(request);

    const create = cf.find((s) => s.method === 'POST' && s.path === '/2020-05-31/distribution-tenant')!;
    expect(create.body).toContain('<DistributionId>E2MULTITENANT</DistributionId>');
    expect(create.body).toContain(`<Name>${tenantNameOf('dev', 'acme.example.com')}</Name>`);
    // The SDK's model names list members `member` (the API reference shows the shape's name instead).
    expect(create.body).toMatch(/<Domains><member><Domain>acme\.example\.com<\/Domain><\/member><\/Domains>/);
    expect(create.body).toMatch(
      /<ManagedCertificateRequest>.*<PrimaryDomainName>acme\.example\.com<\/PrimaryDomainName>.*<\/ManagedCertificateRequest>/,
    );
    expect(create.body).toContain('<ValidationTokenHost>cloudfront</ValidationTokenHost>');
    expect(create.body).toMatch(/<Tag><Key>site<\/Key><Value>acme<\/Value><\/Tag>/);

    const identity = ses.find((s) => s.method === 'POST' && s.path === '/v2/email/identities')!;
    expect(JSON.parse(identity.body)).toMatchObject({
      EmailIdentity: 'acme.example.com',
      DkimSigningAttributes: { NextSigningKeyLength: 'RSA_2048_BIT' },
      ConfigurationSetName: 'dev-travel-platform',
      Tags: [
        { Key: 'site', Value: 'acme' },
        { Key: 'stage', Value: 'dev' },
      ],
    });
    const mailFrom = ses.find((s) => s.method === 'PUT')!;
    expect(mailFrom.path).toBe('/v2/email/identities/acme.example.com/mail-from');
    expect(JSON.parse(mailFrom.body)).toEqual({
      MailFromDomain: 'mail.acme.example.com',
      BehaviorOnMxFailure: 'USE_DEFAULT_VALUE',
    });

    expect(state).toEqual({
      dkimTokens: ['t1', 't2', 't3'],
      aliasTarget: 'd1abc.cloudfront.net',
      verification: { alias: false, dkim: false, mailFrom: false, dmarc: false },
    });
  });

  it('keeps what a previous start created (a repeat is harmless)', async () => {
    const { provisioner } = provisionerIn({
      createTenant: xmlError(409, 'CNAMEAlreadyExists'),
      createIdentity: jsonError(400, 'AlreadyExistsException'),
      tenant: tenantXml('E2MULTITENANT', 'inactive'),
      identity: pendingIdentity,
    });
    await expect(provisioner.start(request)).resolves.toMatchObject({ dkimTokens: ['t1', 't2', 't3'] });
  });

  it('refuses a domain another distribution already serves', async () => {
    const { provisioner } = provisionerIn({
      createTenant: xmlError(409, 'CNAMEAlreadyExists'),
      tenant: tenantXml('E9SOMEONEELSE', 'active'),
    });
    await expect(provisioner.start(request)).rejects.toThrow(/another CloudFront distribution/);
  });

  it('passes on any other refusal', async () => {
    const { provisioner } = provisionerIn({ createTenant: xmlError(403, 'AccessDenied') });
    await expect(provisioner.start(request)).rejects.toMatchObject({ name: 'AccessDenied' });
  });
});

describe('awsProvisioner.check', () => {
  it('reads every record verified once DNS points at CloudFront, the certificate is issued and SES has verified', async () => {
    const { provisioner, cf, ses } = provisionerIn(
      {
        tenant: tenantXml('E2MULTITENANT', 'active'),
        certificate: 'issued',
        dns: 'valid-configuration',
        identity: json({
          DkimAttributes: { Status: 'SUCCESS', Tokens: ['t1', 't2', 't3'] },
          MailFromAttributes: {
            MailFromDomain: 'mail.acme.example.com',
            MailFromDomainStatus: 'SUCCESS',
            BehaviorOnMxFailure: 'USE_DEFAULT_VALUE',
          },
        }),
      },
      [['v=DMARC1; p=quarantine']],
    );
    expect(await provisioner.check(request)).toEqual({
      dkimTokens: ['t1', 't2', 't3'],
      aliasTarget: 'd1abc.cloudfront.net',
      verification: { alias: true, dkim: true, mailFrom: true, dmarc: true },
    });
    // A check creates nothing.
    expect([...cf, ...ses].filter((s) => s.method !== 'GET' && !s.path.includes('verify-dns'))).toEqual([]);
    expect(cf.find((s) => s.path.includes('verify-dns'))!.body).toContain('<Identifier>dt_acme</Identifier>');
  });

  it('is not live while the certificate waits for its HTTP validation', async () => {
    const { provisioner } = provisionerIn({
      tenant: tenantXml('E2MULTITENANT', 'active'),
      dns: 'valid-configuration',
      identity: pendingIdentity,
    });
    expect((await provisioner.check(request)).verification.alias).toBe(false);
  });

  it('answers nothing verified for a domain never started', async () => {
    const { provisioner } = provisionerIn({});
    expect(await provisioner.check(request)).toEqual({
      verification: { alias: false, dkim: false, mailFrom: false, dmarc: false },
    });
  });
});

describe('tenantNameOf', () => {
  it('puts the stage first and keeps letters, digits and dashes', () => {
    expect(tenantNameOf('prod', 'www.acme-travels.co.in')).toBe('prod-www-acme-travels-co-in');
  });
});
