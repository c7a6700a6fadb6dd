import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

const TEMPLATE =
  '<html><head><meta name="viewport" content="width=device-width" /><title>Flight Deals</title></head></html>';
const reads: { Bucket?: string; Key?: string }[] = [];

vi.mock('@aws-sdk/client-s3', () => ({
  S3Client: class {
    send(command: { input: { Bucket?: string; Key?: string } }) {
      reads.push(command.input);
      return Promise.resolve({ Body: { transformToString: () => Promise.resolve(TEMPLATE) } });
    }
  },
  GetObjectCommand: class {
    constructor(readonly input: { Bucket?: string; Key?: string }) {}
  },
}));
vi.mock('#lib/tenancy', async (original) => ({
  ...(await original<typeof import('#lib/tenancy')>()),
  siteByDomain: (domain: string) =>
    Promise.resolve(
      domain === 'skyway.example.com'
        ? {
            companyName: 'SkyWay Travels',
            faviconImage: '/app/brand/skyway-favicon.svg',
            logoUrl: '',
            brandingSettings: { theme: { palette: { primary: '#0f766e' } } },
            gtm_tag: '',
            scriptUrls: ['https://cdn.example.com/tag.js'],
          }
        : null,
    ),
}));

const event = (rawPath: string, headers: Record<string, string>) =>
  ({ rawPath, headers, requestContext: {} }) as unknown as APIGatewayProxyEventV2;

beforeEach(() => {
  process.env.SPA_BUCKET = 'spa-bucket';
  process.env.BOOT_SCRIPT_HASHES = "'sha256-a' 'sha256-b'";
});

describe('the page function', () => {
  it("renders the distribution's reseller from the deployed index.html, with the page's policy", async () => {
    const { handler } = await import('./site-page.ts');
    const res = await handler(event('/app/visa', { 'domain-name': 'skyway.example.com' }));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Visas | SkyWay Travels</title>');
    expect(res.body).toContain('<link rel="canonical" href="https://skyway.example.com/app/visa" />');
    expect(reads[0]).toEqual({ Bucket: 'spa-bucket', Key: 'app/index.html' });
    const csp = res.headers!['content-security-policy'] as string;
    expect(csp).toContain("'sha256-a' 'sha256-b'");
    expect(csp).toContain('https://cdn.example.com/tag.js');
    const staff = await handler(event('/app/staff/customers', { 'domain-name': 'skyway.example.com' }));
    expect(staff.headers!['content-security-policy']).not.toContain('cdn.example.com');
    // The template is read once and kept.
    expect(reads).toHaveLength(1);
  });

  it("keeps the template's brand for a domain it does not know", async () => {
    const { handler } = await import('./site-page.ts');
    const res = await handler(event('/app/login', { 'domain-name': 'unknown.example.com' }));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Login | Flight Deals</title>');
  });

  it("serves the console's host (CONSOLE_DOMAIN) the console's page, never a site's", async () => {
    const { handler } = await import('./site-page.ts');
    const res = await handler(event('/app/console', { 'domain-name': 'console.localhost' }));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html data-app="console">');
    expect(res.body).toContain('<title>Platform console</title>');
  });
});
