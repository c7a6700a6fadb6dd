/**
 * zod compiles object parsers with `new Function` when it can, and its probe for that is itself a
 * Content-Security-Policy violation under our policy (no 'unsafe-eval'). Switched off here, before any
 * schema is built (zod reads the flag as each schema is created): main.tsx imports this first.
 * zod keeps its config on this global so that every copy shares it; setting it directly keeps zod
 * off the boot path (`z.config()` would pull ~3.5 KB gzipped into it). zod-jitless.test.ts checks
 * that zod still reads it.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(scope.__zod_globalConfig ??= {}).jitless = true;

export {};
