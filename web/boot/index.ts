/**
 * The SPA's inline boot scripts (node side). index.html carries them inline so they run during
 * parsing without a request; the strict Content-Security-Policy allows exactly these texts by their
 * SHA-256 (`'sha256-…'` sources), so the build (vite.config.ts), the local gateway and the CloudFront
 * policy (infra web stack) all read the scripts and their hashes from here.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export type BootScript = 'branding' | 'shell' | 'load';

const read = (name: BootScript) => readFileSync(join(import.meta.dirname, `${name}.js`), 'utf8');

/** Each script's text exactly as it goes between `<script>` and `</script>`. */
export const BOOT_SCRIPTS: Readonly<Record<BootScript, string>> = {
  // Runs in <head>: starts the branding call, whose answer the boot shell and the app take.
  branding: read('branding'),
  // Runs after the boot shell's markup: paints it in the stored branding, then in that answer.
  shell: read('shell'),
  // Runs last, after the JSON map of the app's files: loads the app after the first paint (built pages only).
  load: read('load'),
};

/** A CSP hash source for an inline script's exact text. */
export const cspHash = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

export const BOOT_SCRIPT_HASHES: readonly string[] = Object.values(BOOT_SCRIPTS).map(cspHash);
