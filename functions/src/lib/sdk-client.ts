/**
 * What every AWS SDK client of ours gets. The SDK's logger middleware runs on every call: it builds a copy
 * of the input and output with sensitive fields masked (walking the operation's schema) and hands it to the
 * client's logger, which by default throws it away. That was ~2.5 % of the local gateway's CPU under load
 * (docs/benchmarks.md "API"). We log our own way (lib/logger.ts) and never configure an SDK logger, so the
 * middleware goes.
 */
interface WithMiddleware {
  middlewareStack: { remove(name: string): boolean };
}

export function withoutSdkLogging<C extends WithMiddleware>(client: C): C {
  client.middlewareStack.remove('loggerMiddleware');
  return client;
}
