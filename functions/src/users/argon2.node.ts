/**
 * `#argon2` from source (tests, scripts, the local stack): @node-rs/argon2 with the binary npm installed
 * for this machine. Loaded on first use, so the suppliers Lambda (which imports the users service but
 * never hashes) never loads it. Lambda bundles use argon2.lambda.ts (package.json "imports").
 */
type Argon2 = typeof import('@node-rs/argon2');

let binding: Promise<Argon2> | undefined;

export const argon2 = (): Promise<Argon2> => (binding ??= import('@node-rs/argon2'));
