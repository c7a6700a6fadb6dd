/**
 * CloudFront's origin for SPA pages (infra web stack): a Lambda function URL that
 * answers every page under /app (and / itself) with `renderSitePage`, the renderer the local gateway uses,
 * so a reseller's html carries its own head and each page its own policy. Static files (assets, brand
 * images, sw.js) keep coming from S3. The distribution names its reseller in the `domain-name` origin
 * header (CloudFront replaces any viewer copy of it); the template is the deployed index.html, read from
 * the SPA bucket and kept for a minute (older hashed assets stay in the bucket, so a page made from the
 * previous template still loads).
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SPA_BASENAME } from '@tp/contracts/spa-routes';
import { log } from '#lib/logger';
import { isConsoleDomain, normaliseDomain, siteByDomain } from '#lib/tenancy';
import { renderSitePage } from '../site/index.ts';

const TEMPLATE_MS = 60_000;
const s3 = new S3Client({});
let template: { at: number; html: Promise<string> } | undefined;

function indexHtml(now: number): Promise<string> {
  if (!template || now - template.at > TEMPLATE_MS) {
    const html = s3
      .send(new GetObjectCommand({ Bucket: process.env.SPA_BUCKET, Key: `${SPA_BASENAME.slice(1)}/index.html` }))
      .then((out) => out.Body!.transformToString('utf8'));
    // A failed read is not kept: the next request tries again.
    html.catch(() => (template = undefined));
    template = { at: now, html };
  }
  return template.html;
}

/** The boot scripts' CSP hashes, given by the stack (web/boot, read at synth). */
const scriptHashes = (): string[] => (process.env.BOOT_SCRIPT_HASHES ?? '').split(' ').filter(Boolean);

export async function handler(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  const domain = normaliseDomain(event.headers['domain-name'] ?? '');
  const onConsole = isConsoleDomain(domain);
  const site = domain && !onConsole ? await siteByDomain(domain).catch(() => null) : null;
  if (!site && !onConsole) log.warn('page for an unknown domain', { domain });
  const page = renderSitePage({
    template: await indexHtml(Date.now()),
    site,
    console: onConsole,
    urlPath: event.rawPath,
    origin: `https://${domain || 'localhost'}`,
    scriptHashes: scriptHashes(),
  });
  return { statusCode: page.status, headers: page.headers, body: page.body };
}
