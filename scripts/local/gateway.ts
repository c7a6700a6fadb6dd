/**
 * The local API gateway: turns HTTP requests into API Gateway v2 events and calls the same domain
 * handlers, from the same route table, that Lambda runs. It also serves the SPA under /app.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { ENDPOINTS } from '@tp/contracts/routes';
import { routeKey, urlPath, type Domain, type Endpoint } from '@tp/contracts/endpoint';
import * as MSG from '@tp/contracts/messages';
import { EXPORT_FILES_PATH, EXPORTS_MEDIA_FOLDER, MEDIA_PATH, PRIVATE_MEDIA_FOLDER } from '@tp/contracts/media';
import { SPA_BASENAME } from '@tp/contracts/spa-routes';
import { API_SECURITY_HEADERS } from '@tp/contracts/security-headers';
import { BOOT_SCRIPT_HASHES } from '@tp/web/boot/index.ts';
import { isConsoleDomain, siteByDomain } from '../../functions/src/lib/tenancy.ts';
import { pageSecurityHeaders, renderSitePage } from '../../functions/src/site/index.ts';
import { localExportFile } from '../../functions/src/exports/index.ts';

type LambdaHandler = (event: APIGatewayProxyEventV2, ctx: object) => Promise<APIGatewayProxyStructuredResultV2>;

interface CompiledRoute {
  method: string;
  regex: RegExp;
  params: string[];
  endpoint: Endpoint;
}

const ROOT = resolve(import.meta.dirname, '..', '..');

function compile(e: Endpoint): CompiledRoute {
  const params: string[] = [];
  const pattern = urlPath(e)
    .split('/')
    .map((seg) => {
      const m = /^\{(\w+)\??\}$/.exec(seg);
      if (m) {
        params.push(m[1]!);
        return '([^/]+)';
      }
      return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { method: e.method, regex: new RegExp(`^${pattern}$`), params, endpoint: e };
}

const ROUTES = ENDPOINTS.map(compile);
const handlers = new Map<Domain, Promise<LambdaHandler>>();

/** Each domain's Lambda entry, loaded on first use like a cold start. */
function domainHandler(domain: Domain): Promise<LambdaHandler> {
  let h = handlers.get(domain);
  if (!h) {
    const file = join(ROOT, 'functions', 'src', 'entries', `${domain}.ts`);
    h = import(pathToFileURL(file).href).then((m: { handler: LambdaHandler }) => m.handler);
    handlers.set(domain, h);
  }
  return h;
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
};

/** Lambda's own payload limit: past it API Gateway answers 413 without invoking the function. */
const LAMBDA_PAYLOAD_BYTES = 6 * 1024 * 1024;

/** The request body, or null when it is past Lambda's limit (the rest is drained, not kept). */
function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((res, rej) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= LAMBDA_PAYLOAD_BYTES) chunks.push(c);
    });
    req.on('end', () => res(size > LAMBDA_PAYLOAD_BYTES ? null : Buffer.concat(chunks)));
    req.on('error', rej);
  });
}

function toEvent(
  req: IncomingMessage,
  url: URL,
  route: CompiledRoute,
  match: RegExpExecArray,
  body: Buffer,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers))
    if (v !== undefined && k !== 'cookie') headers[k] = Array.isArray(v) ? v.join(',') : v;
  const cookies = req.headers.cookie
    ? req.headers.cookie
        .split(';')
        .map((c) => c.trim())
        .filter(Boolean)
    : undefined;
  const query: Record<string, string> = {};
  url.searchParams.forEach((v, k) => (query[k] = query[k] ? `${query[k]},${v}` : v));
  const pathParameters: Record<string, string> = {};
  route.params.forEach((p, i) => (pathParameters[p] = decodeURIComponent(match[i + 1]!)));
  const now = new Date();
  return {
    version: '2.0',
    routeKey: routeKey(route.endpoint),
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookies ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(route.params.length ? { pathParameters } : {}),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0]!,
      http: {
        method: req.method!,
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: routeKey(route.endpoint),
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(body.length ? { body: body.toString('utf8') } : {}),
    isBase64Encoded: false,
  };
}

function send(res: ServerResponse, out: APIGatewayProxyStructuredResultV2): void {
  const headers: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(out.headers ?? {})) headers[k.toLowerCase()] = String(v);
  // As CloudFront's API policy does (override), whatever the handler sent.
  Object.assign(headers, API_SECURITY_HEADERS);
  if (out.cookies?.length) headers['set-cookie'] = out.cookies;
  const body = out.isBase64Encoded && out.body ? Buffer.from(out.body, 'base64') : (out.body ?? '');
  // As API Gateway sends it; it also spares Node's chunked framing of every answer.
  headers['content-length'] = String(Buffer.byteLength(body));
  res.writeHead(out.statusCode ?? 200, headers);
  res.end(body);
}

export interface GatewayOptions {
  port: number;
  host?: string;
  /** Folder of the built SPA (web/dist); when absent only the API is served. */
  webDist?: string;
  /** Folder of uploaded images (functions/src/lib/media.ts), served under MEDIA_PATH as CloudFront serves the bucket. */
  mediaDir?: string;
  /** Extra request handlers mounted before the API (e.g. the sandbox payment page). */
  extra?: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean> | boolean;
}

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.webmanifest', '.txt']);
/** Compressed copies of static files, made once per file version (CloudFront compresses in production). */
const compressed = new Map<string, { mtime: number; br: Buffer; gzip: Buffer }>();

function encodedBody(file: string, raw: Buffer, acceptEncoding: string): { body: Buffer; encoding?: 'br' | 'gzip' } {
  if (!COMPRESSIBLE.has(extname(file)) || raw.length < 1024) return { body: raw };
  const mtime = statSync(file).mtimeMs;
  let hit = compressed.get(file);
  if (!hit || hit.mtime !== mtime) {
    hit = {
      mtime,
      br: brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(raw, { level: 9 }),
    };
    compressed.set(file, hit);
  }
  if (/\bbr\b/.test(acceptEncoding)) return { body: hit.br, encoding: 'br' };
  if (/\bgzip\b/.test(acceptEncoding)) return { body: hit.gzip, encoding: 'gzip' };
  return { body: raw };
}

/** A static file of the build (assets, sw.js, brand images): the strict policy, no site's scripts. */
const STATIC_HEADERS = pageSecurityHeaders(null, '/', BOOT_SCRIPT_HASHES);

/** A file of the build under the SPA's base, or null when the path names none (then a page is rendered). */
function buildFile(webDist: string, url: URL): string | null {
  const rel = url.pathname.slice(SPA_BASENAME.length) || '/';
  const file = normalize(join(webDist, rel));
  if (!file.startsWith(webDist + sep) || !existsSync(file) || !statSync(file).isFile()) return null;
  return file;
}

function serveStatic(file: string, webDist: string, req: IncomingMessage, res: ServerResponse): void {
  const immutable = file.startsWith(join(webDist, 'assets') + sep);
  const { body, encoding } = encodedBody(file, readFileSync(file), String(req.headers['accept-encoding'] ?? ''));
  res.writeHead(200, {
    'content-type': MIME[extname(file)] ?? 'application/octet-stream',
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...STATIC_HEADERS,
    vary: 'accept-encoding',
    ...(encoding ? { 'content-encoding': encoding } : {}),
  });
  res.end(body);
}

/**
 * An SPA page, as CloudFront's page origin answers it (functions/src/site/page-html.ts): index.html with
 * the host's site's head for this page and the page's policy (the site's scripts on public pages only).
 * The site is read through the handlers' 30 s cache, which a settings save clears in this process.
 */
async function servePage(webDist: string, url: URL, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const index = join(webDist, 'index.html');
  if (!existsSync(index)) return false;
  const onConsole = isConsoleDomain(url.hostname);
  const site = onConsole ? null : await siteByDomain(url.hostname).catch(() => null);
  const page = renderSitePage({
    template: readFileSync(index, 'utf8'),
    site,
    console: onConsole,
    urlPath: url.pathname,
    origin: url.origin,
    scriptHashes: BOOT_SCRIPT_HASHES,
  });
  const raw = Buffer.from(page.body);
  const accept = String(req.headers['accept-encoding'] ?? '');
  const encoding =
    raw.length < 1024 ? undefined : /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : undefined;
  const body =
    encoding === 'br'
      ? brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
      : encoding === 'gzip'
        ? gzipSync(raw)
        : raw;
  res.writeHead(page.status, {
    ...page.headers,
    vary: 'accept-encoding',
    ...(encoding ? { 'content-encoding': encoding } : {}),
  });
  res.end(body);
  return true;
}

const IMAGE_MIME: Record<string, string> = { '.jpg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp' };

/** An uploaded image, immutable under its random key (CloudFront caches the bucket's objects the same way). */
function serveMedia(mediaDir: string, url: URL, res: ServerResponse): boolean {
  const rel = decodeURIComponent(url.pathname.slice(MEDIA_PATH.length));
  // Private documents and export files share the folder but are never public (CloudFront cannot reach them on AWS
  // either); an export file is served only to its signed link (serveExport).
  if (normalize(rel).startsWith(PRIVATE_MEDIA_FOLDER) || normalize(rel).startsWith(EXPORTS_MEDIA_FOLDER)) return false;
  const file = normalize(join(mediaDir, rel));
  const type = IMAGE_MIME[extname(file)];
  if (!file.startsWith(normalize(mediaDir) + sep) || !type || !existsSync(file) || !statSync(file).isFile())
    return false;
  res.writeHead(200, {
    'content-type': type,
    'cache-control': 'public, max-age=31536000, immutable',
    ...API_SECURITY_HEADERS,
  });
  res.end(readFileSync(file));
  return true;
}

/** An export file, to a link whose signature and time check out (S3's presigned GET plays this part on AWS). */
function serveExport(url: URL, res: ServerResponse): boolean {
  const link = localExportFile(url.pathname, url.searchParams, new Date());
  if (!link || !existsSync(link.file)) return false;
  const { file, fileName, contentType } = link;
  res.writeHead(200, {
    'content-type': contentType,
    'content-length': String(statSync(file).size),
    'content-disposition': `attachment; filename="${fileName}"`,
    'cache-control': 'private, no-store',
    ...API_SECURITY_HEADERS,
  });
  createReadStream(file).pipe(res);
  return true;
}

let inFlight = 0;
/**
 * Requests this process's gateways are still answering, including those whose client has gone (the bench
 * waits for none before its next measurement: a load generator stops with requests still in flight).
 */
export const requestsInFlight = (): number => inFlight;

/**
 * Resolves once the gateway has answered every request it holds: a load run ends with up to `connections` still
 * in the handlers (a login backlog on argon2id for a second or more), which must not land in what is measured next.
 */
export async function untilDrained(): Promise<void> {
  while (inFlight > 0) await new Promise((r) => setTimeout(r, 20));
}

export function startGateway(opts: GatewayOptions): Promise<Server> {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    inFlight++;
    try {
      if (opts.extra && (await opts.extra(req, res, url))) return;
      const route = ROUTES.find((r) => r.method === req.method && r.regex.test(url.pathname));
      if (route) {
        const match = route.regex.exec(url.pathname)!;
        const body = await readBody(req);
        if (body === null) {
          res.writeHead(413, { 'content-type': 'application/json', ...API_SECURITY_HEADERS });
          res.end(
            JSON.stringify({
              success: false,
              message: MSG.requestTooLarge,
              errorMessage: MSG.requestTooLarge,
              code: 'TOO_LARGE',
            }),
          );
          return;
        }
        const handler = await domainHandler(route.endpoint.domain);
        send(res, await handler(toEvent(req, url, route, match, body), { awsRequestId: randomUUID() }));
        return;
      }
      if (url.pathname === '/' || url.pathname === '') {
        res.writeHead(302, { location: `${SPA_BASENAME}/` }).end();
        return;
      }
      if (opts.mediaDir && req.method === 'GET' && url.pathname.startsWith(MEDIA_PATH)) {
        if (serveMedia(opts.mediaDir, url, res)) return;
      }
      if (req.method === 'GET' && url.pathname.startsWith(EXPORT_FILES_PATH) && serveExport(url, res)) return;
      if (opts.webDist && (url.pathname === SPA_BASENAME || url.pathname.startsWith(`${SPA_BASENAME}/`))) {
        const file = buildFile(opts.webDist, url);
        if (file) return serveStatic(file, opts.webDist, req, res);
        if (req.method === 'GET' || req.method === 'HEAD') {
          if (await servePage(opts.webDist, url, req, res)) return;
        }
      }
      const isApi = /^\/(api|flight-api|partner-api)\//.test(url.pathname);
      res.writeHead(404, { 'content-type': 'application/json', ...API_SECURITY_HEADERS });
      res.end(
        JSON.stringify({
          success: false,
          message: isApi ? 'Route not found' : 'Not found',
          errorMessage: 'Route not found',
          code: 'NOT_FOUND',
        }),
      );
    } catch (err) {
      res.writeHead(500, { 'content-type': 'application/json', ...API_SECURITY_HEADERS });
      res.end(
        JSON.stringify({
          success: false,
          message: 'Something went wrong',
          errorMessage: 'Something went wrong',
          code: 'INTERNAL',
        }),
      );
      process.stderr.write(`gateway error: ${String((err as Error).stack ?? err)}\n`);
    } finally {
      inFlight--;
    }
  });
  return new Promise((resolveStart, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '127.0.0.1', () => resolveStart(server));
  });
}
