import { vi } from 'vitest';
import { urlPath, type Endpoint, type RequestOf, type ResponseOf } from '@tp/contracts/endpoint';

/** A handler's answer when it is not a plain success payload. */
export interface Reply {
  status: number;
  body: unknown;
}
const REPLY = Symbol('reply');
export const reply = (status: number, body: unknown): Reply => ({ [REPLY]: true, status, body }) as Reply;
const isReply = (v: unknown): v is Reply => typeof v === 'object' && v !== null && REPLY in v;

/** The platform's error envelope. */
export const failure = (status: number, message: string, extra: Record<string, unknown> = {}): Reply =>
  reply(status, { success: false, message, errorMessage: message, code: 'TEST', ...extra });

/** Makes fetch reject, as it does when no response arrives. */
export class NetworkDown extends Error {}

type Handler<E extends Endpoint> = (input: RequestOf<E>) => ResponseOf<E> | Reply | Promise<ResponseOf<E> | Reply>;

export interface RecordedCall {
  method: string;
  path: string;
  input: Record<string, unknown>;
  headers: Record<string, string>;
}

/**
 * A fake of the platform API behind `fetch`: answer endpoints with payloads (wrapped in the success
 * envelope), `failure(...)`/`reply(...)`, or throw NetworkDown. Unknown calls get a 404 envelope.
 */
export function fakeApi() {
  const handlers = new Map<string, { answer: (input: any) => unknown; envelope: string }>();
  const recorded: RecordedCall[] = [];
  const key = (e: Pick<Endpoint, 'method' | 'api' | 'path'>) => `${e.method} ${urlPath(e)}`;

  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const u = new URL(url, 'http://localhost');
    const method = init.method ?? 'GET';
    const input = method === 'GET' ? Object.fromEntries(u.searchParams) : JSON.parse(String(init.body ?? '{}'));
    recorded.push({ method, path: u.pathname, input, headers: (init.headers ?? {}) as Record<string, string> });
    const handler = handlers.get(`${method} ${u.pathname}`);
    const out = handler ? await handler.answer(input) : failure(404, 'Route not found');
    if (isReply(out)) return Response.json(out.body, { status: out.status });
    // The payload goes under the key the endpoint's envelope names (`result`, or `data` for a few calls).
    return Response.json({ success: true, [handler?.envelope ?? 'result']: out }, { status: 200 });
  });

  const api = {
    fetch,
    on<E extends Endpoint>(endpoint: E, answer: Handler<E> | ResponseOf<E> | Reply) {
      handlers.set(key(endpoint), {
        answer: typeof answer === 'function' ? (answer as (i: unknown) => unknown) : () => answer,
        envelope: endpoint.envelope ?? 'result',
      });
      return api;
    },
    /** Whether a test already said how to answer this endpoint. */
    answers(endpoint: Pick<Endpoint, 'method' | 'api' | 'path'>): boolean {
      return handlers.has(key(endpoint));
    },
    /** The inputs each call to an endpoint carried, in order. */
    calls(endpoint: Pick<Endpoint, 'method' | 'api' | 'path'>): RecordedCall[] {
      return recorded.filter((c) => `${c.method} ${c.path}` === key(endpoint));
    },
    install() {
      vi.stubGlobal('fetch', fetch);
      return api;
    },
  };
  return api;
}
export type FakeApi = ReturnType<typeof fakeApi>;
