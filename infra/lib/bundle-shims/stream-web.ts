/**
 * What `@middy/core` gets for `node:stream/web` in a Lambda bundle (infra/lib/bundling.ts `lazyBuiltins`).
 * Middy imports `ReadableStream` only to test a streamed response's body (`body instanceof ReadableStream`,
 * under `streamifyResponse`, which no handler here uses), yet the import loads Node's whole web-streams
 * implementation at every cold start (2–5 ms of kart's and rbac's import). This stand-in answers the same
 * `instanceof` through the global class, which Node loads only when that check ever runs.
 */
export class ReadableStream {
  static [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof globalThis.ReadableStream;
  }
}
