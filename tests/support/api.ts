/**
 * A small API client for integration tests: talks to the local gateway as a browser on a given site
 * would (domain-name header, cookie jar), and exposes the emulators for read-back.
 */
import { request } from 'node:http';
import { inject } from 'vitest';
import { urlPath, type Endpoint, type RequestOf } from '@tp/contracts/endpoint';
import { AUTH, CONSOLE } from '@tp/contracts/platform';
import { getExport } from '@tp/contracts/endpoints/exports';

export interface ApiResponse<T = unknown> {
  status: number;
  body: {
    success: boolean;
    message?: string;
    errorMessage?: string;
    code?: string;
    result?: T;
    data?: T;
    shortError?: Record<string, string>;
    detail?: Record<string, unknown>;
  };
  setCookie: string[];
}

export class Client {
  cookie: string | undefined;
  /** The platform console's session cookie (its own name, on the console's host). */
  consoleCookie: string | undefined;
  /**
   * The source address to call from (one of 127/8, all routed to lo): the gateway reports it as the client's, so
   * per-address limits a test spends touch nothing else. A header cannot say it (lib/http.ts clientAddress).
   */
  from: string | undefined;
  constructor(
    readonly domain: string,
    readonly baseUrl: string = inject('gatewayUrl'),
  ) {}

  async call<E extends Endpoint>(
    e: E,
    input?: RequestOf<E> | Record<string, unknown>,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<any>> {
    return this.raw(e.method, urlPath(e), input, headers);
  }

  async raw(
    method: string,
    path: string,
    input?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<any>> {
    let url = `${this.baseUrl}${path}`;
    const init: RequestInit = {
      method,
      headers: {
        'domain-name': this.domain,
        ...(this.cookie || this.consoleCookie
          ? {
              cookie: [
                ...(this.cookie ? [`${AUTH.tokenName}=${this.cookie}`] : []),
                ...(this.consoleCookie ? [`${CONSOLE.tokenName}=${this.consoleCookie}`] : []),
              ].join('; '),
            }
          : {}),
        // As a browser on the site's own pages would: JSON, with the page's origin (lib/origin-guard.ts).
        ...(method === 'GET' ? {} : { 'content-type': 'application/json', origin: `http://${this.domain}` }),
        ...headers,
      },
    };
    if (method === 'GET' && input) url += `?${new URLSearchParams(input as Record<string, string>)}`;
    else if (input !== undefined) init.body = typeof input === 'string' ? input : JSON.stringify(input);
    const res = this.from ? await fetchFrom(this.from, url, init) : await fetch(url, init);
    const setCookie = res.headers.getSetCookie();
    for (const c of setCookie) {
      const m = new RegExp(`^${AUTH.tokenName}=([^;]*)`).exec(c);
      if (m) this.cookie = m[1] ? decodeURIComponent(m[1]) : undefined;
      const op = new RegExp(`^${CONSOLE.tokenName}=([^;]*)`).exec(c);
      if (op) this.consoleCookie = op[1] ? decodeURIComponent(op[1]) : undefined;
    }
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : {}, setCookie };
  }
}

/** `fetch` from a given local address (node:http's localAddress; fetch has no such option). */
function fetchFrom(localAddress: string, url: string, init: RequestInit): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: init.method, localAddress, headers: init.headers as Record<string, string> },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const headers = new Headers();
          for (const [k, v] of Object.entries(res.headers))
            for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) headers.append(k, one);
          resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 0, headers }));
        });
      },
    );
    req.on('error', reject);
    req.end(typeof init.body === 'string' ? init.body : undefined);
  });
}

interface StoredMail {
  messageId: string;
  from: string;
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { html?: string; text?: string };
  attachments: { content: string; contentType: string; filename: string; size: number }[];
  at: number;
}

/** Mail captured by the SES emulator. */
export async function mailbox(): Promise<StoredMail[]> {
  const res = await fetch(`${inject('sesUrl')}/store`);
  return ((await res.json()) as { emails: StoredMail[] }).emails;
}

/** Waits until a mail to `to` matching `subject` arrives (the email worker is asynchronous). */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 15_000): Promise<StoredMail> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const found = (await mailbox()).filter((m) => m.destination.to.includes(to) && subject.test(m.subject)).pop();
    if (found) return found;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`no mail to ${to} matching ${subject}`);
}

/** An export job as the export calls and `exports/getExport` answer it. */
export interface ExportJob {
  jobId: string;
  status: 'queued' | 'running' | 'ready' | 'failed';
  fileName: string;
  rowsDone: number;
  rowsTotal: number | null;
  bytes: number | null;
  url: string | null;
}

/**
 * Starts an export through its call and waits for its job to finish (the exports worker is asynchronous); a ready
 * job's file is downloaded through its signed link. The call's own refusals (403, 400) come back as `started`.
 */
export async function exported(
  client: Client,
  e: Endpoint,
  input?: Record<string, unknown>,
  timeoutMs = 120_000,
): Promise<{ started: ApiResponse<any>; job: ExportJob; file: Buffer }> {
  const started = await client.call(e, input);
  if (started.status !== 200) throw new Error(`export refused: ${started.status} ${JSON.stringify(started.body)}`);
  const job = await finishedExport(client, (started.body.result as ExportJob).jobId, timeoutMs);
  if (job.status !== 'ready') throw new Error(`export ${job.jobId} ${job.status}`);
  return { started, job, file: await download(client, job.url!) };
}

/** Reads the job until it is ready or failed. */
export async function finishedExport(client: Client, jobId: string, timeoutMs = 120_000): Promise<ExportJob> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const res = await client.call(getExport, { jobId });
    if (res.status !== 200) throw new Error(`export ${jobId}: ${res.status}`);
    const job = res.body.result as ExportJob;
    if (job.status === 'ready' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`export ${jobId} did not finish`);
}

/** The file behind a signed link (the local gateway's, relative to the site; S3's on AWS are absolute). */
export async function download(client: Client, url: string): Promise<Buffer> {
  const res = await fetch(new URL(url, client.baseUrl));
  if (res.status !== 200) throw new Error(`download ${url}: ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}
