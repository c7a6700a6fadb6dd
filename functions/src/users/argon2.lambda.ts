/**
 * `#argon2` in Lambda bundles (condition tp-lambda). Lambda runs on ARM64; npm on the build machine
 * installs the binary of its own platform, so the linux-arm64-gnu binary comes from the package tarball
 * kept in functions/native/ (checked against package-lock.json's integrity and unpacked by
 * infra/lib/bundling.ts). esbuild's file loader copies it beside index.mjs; it is loaded on the first hash.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import BINARY from '../../native/argon2.linux-arm64-gnu.node';

type Argon2 = typeof import('@node-rs/argon2');

let binding: Argon2 | undefined;

export const argon2 = async (): Promise<Argon2> =>
  (binding ??= createRequire(import.meta.url)(fileURLToPath(new URL(BINARY, import.meta.url))) as Argon2);
