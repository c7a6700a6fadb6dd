import { vi } from 'vitest';
import { urlPath, type Endpoint, type RequestOf, type ResponseOf } from '@tp/contracts/endpoint';
import { unwrap } from '@tp/contracts/lazy';

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

interface SchemaDef {
  type: string;
  shape?: Record<string, unknown>;
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
  entries?: Record<string, unknown>;
  values?: unknown[];
  options?: unknown[];
}
const defOf = (schema: unknown): SchemaDef => (unwrap(schema) as { _zod: { def: SchemaDef } })._zod.def;

/**
 * The least payload a response schema accepts: empty lists and texts, zeros, false, no optional fields, the
 * first option of an enum or union. What the fake answers for an endpoint a test registers without data, so
 * a new endpoint's screen can be tested against its contract without a fixture.
 */
export function emptyOf(schema: unknown): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape ?? {})
          .filter(([, field]) => defOf(field).type !== 'optional')
          .map(([key, field]) => [key, emptyOf(field)]),
      );
    case 'array':
      return [];
    case 'string':
      return '';
    case 'number':
    case 'int':
      return 0;
    case 'boolean':
      return false;
    case 'nullable':
      return null;
    case 'optional':
      return undefined;
    case 'default':
    case 'readonly':
    case 'catch':
      return emptyOf(def.innerType);
    case 'pipe':
      return defOf(def.out).type === 'transform' ? emptyOf(def.in) : emptyOf(def.out);
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'union':
      return emptyOf(def.options?.[0]);
    case 'record':
      return {};
    default:
      return null;
  }
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
    /** Answers the endpoint; without an answer, with the least payload its response schema accepts (emptyOf). */
    on<E extends Endpoint>(endpoint: E, ...given: [answer?: Handler<E> | ResponseOf<E> | Reply]) {
      const answer = given.length ? given[0] : emptyOf(endpoint.response);
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
