/**
 * The argon2 binary Lambda gets (ARM64): the locked registry tarball, unpacked by infra/lib/bundling.ts and
 * copied beside index.mjs of the bundles that hash passwords. This x64 machine cannot run it, so the
 * loading path is proven with the host's own binary put in its place, and the shipped file by its ELF header.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Plugin } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { NATIVE_ADDONS, ROOT, bundleFunction, domainEntries, nativeTarball } from '../../infra/lib/bundling.ts';

const outDir = mkdtempSync(join(tmpdir(), 'tp-native-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));
const require = createRequire(import.meta.url);

/** ELF e_machine of a shared object (0xB7: AArch64, 0x3E: x86-64). */
const elfMachine = (file: Buffer) => ({ elf: file.subarray(0, 4).toString('latin1'), machine: file.readUInt16LE(18) });

describe('native argon2 for the Lambda architecture', () => {
  it('keeps the tarball package-lock.json pins, at the version of the installed binding', () => {
    const [{ pkg }] = NATIVE_ADDONS;
    expect(() => nativeTarball(pkg)).not.toThrow();
    const binding = require('@node-rs/argon2/package.json') as { version: string };
    expect(nativeTarball(pkg).file).toContain(`-${binding.version}.tgz`);
  });

  it('ships the ARM64 binary beside index.mjs of the users bundle', async () => {
    const users = domainEntries().find((d) => d.name === 'users')!;
    const dir = join(outDir, 'users');
    await bundleFunction(users.entry, dir);
    expect(readdirSync(dir)).toContain('argon2.linux-arm64-gnu.node');
    expect(elfMachine(readFileSync(join(dir, 'argon2.linux-arm64-gnu.node')))).toEqual({
      elf: '\x7fELF',
      machine: 0xb7,
    });
  });

  it('a bundle loads the binary (and the password list) from beside itself, wherever it is deployed', async () => {
    // The host's binary (linux glibc here) in the ARM64 binary's place: same loader, same file-loader path.
    const host = require.resolve(`@node-rs/argon2-linux-${process.arch}-gnu/argon2.linux-${process.arch}-gnu.node`);
    const hostBinary: Plugin = {
      name: 'host-binary',
      setup: (b) => b.onResolve({ filter: /argon2\.linux-arm64-gnu\.node$/ }, () => ({ path: host })),
    };
    const entry = join(outDir, 'probe-entry.ts');
    writeFileSync(
      entry,
      `import { hashPassword, verifyPassword, needsRehash } from ${JSON.stringify(join(ROOT, 'functions/src/users/password.ts'))};
import { ZPassword } from ${JSON.stringify(join(ROOT, 'packages/contracts/src/endpoints/users.ts'))};
// A bundle has no top-level await (bundling.ts): the probe runs in an async function.
async function probe() {
  const hash = await hashPassword('Tr4vel-Desk-42');
  const old = '$argon2id$v=19$m=19456,t=2,p=1$MDEyMzQ1Njc4OWFiY2RlZg$2Xv9GzcryO7ofOQ4Y0ukcjeh0Rlk1vRqacQYmULFQTg';
  console.log(JSON.stringify([hash.slice(0, 30), await verifyPassword('Tr4vel-Desk-42', hash), await verifyPassword('nope-nope', hash), await verifyPassword('Legacy-Pass-2024', old), needsRehash(old), ZPassword.safeParse('Password1').success]));
}
void probe();`,
    );
    const dir = join(outDir, 'probe');
    await bundleFunction(entry, dir, { plugins: [hostBinary] });
    const out = execFileSync(process.execPath, [join(dir, 'index.mjs')], { cwd: tmpdir(), encoding: 'utf8' });
    // …and the common-password list is read from its sidecar file (Password1 is refused).
    expect(JSON.parse(out)).toEqual(['$argon2id$v=19$m=47104,t=1,p=1', true, false, true, true, false]);
    expect(readdirSync(dir)).toEqual(
      expect.arrayContaining(['common-passwords.br', `argon2.linux-${process.arch}-gnu.node`]),
    );
    // Resolved to the copies beside the bundle, not to the checkout (in index.mjs and every chunk).
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.mjs')))
      expect(readFileSync(join(dir, f), 'utf8'), f).not.toContain(ROOT);
  });
});
