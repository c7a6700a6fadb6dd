import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_LIMITS } from '@tp/contracts/endpoints/exports';
import { resetEnvCache } from '#lib/config';
import { exportStore, localExportFile } from './store.ts';

const now = new Date('2026-11-01T10:00:00Z');
let mediaDir: string;
const saved = { MEDIA_DIR: process.env.MEDIA_DIR, SECRETS_LOCAL_KEY: process.env.SECRETS_LOCAL_KEY };

beforeAll(() => {
  mediaDir = mkdtempSync(join(tmpdir(), 'exports-store-'));
  Object.assign(process.env, { MEDIA_DIR: mediaDir, SECRETS_LOCAL_KEY: randomBytes(32).toString('base64') });
  delete process.env.MEDIA_BUCKET;
  resetEnvCache();
});
afterAll(() => {
  for (const [k, v] of Object.entries(saved))
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  resetEnvCache();
});

async function stored(key: string, body: string) {
  const file = exportStore().write(key, 'Tickets report.xlsx');
  file.stream.end(Buffer.from(body));
  return file.done();
}

describe('the local export store', () => {
  it('stores a file whole and hands it out only to its signed, unexpired link', async () => {
    expect(await stored('site-a/job1.xlsx', 'PK-bytes')).toEqual({ bytes: 8 });
    const { url, expiresAt } = await exportStore().link('site-a/job1.xlsx', 'Tickets report.xlsx', now);
    expect(expiresAt.getTime() - now.getTime()).toBe(EXPORT_LIMITS.linkSeconds * 1000);
    const link = new URL(url, 'http://site.localhost');
    const open = (u: URL, at = now) => localExportFile(u.pathname, u.searchParams, at);

    const ok = open(link);
    expect(ok?.fileName).toBe('Tickets_report.xlsx');
    expect(readFileSync(ok!.file, 'utf8')).toBe('PK-bytes');

    // Past its time, or with any part changed (another file, a later time, another name): nothing.
    expect(open(link, new Date(expiresAt.getTime() + 1000))).toBeNull();
    for (const [param, value] of [
      ['expires', String(Number(link.searchParams.get('expires')) + 60)],
      ['name', 'other.xlsx'],
      ['signature', 'x'.repeat(43)],
    ] as const) {
      const forged = new URL(link);
      forged.searchParams.set(param, value);
      expect(open(forged), param).toBeNull();
    }
    const other = new URL(link);
    other.pathname = link.pathname.replace('job1', 'job2');
    expect(open(other)).toBeNull();
    expect(localExportFile('/export-files/../../etc/passwd', link.searchParams, now)).toBeNull();
  });

  it('refuses a key that is not <site>/<job>.xlsx', () => {
    expect(() => exportStore().write('../x.xlsx', 'x.xlsx')).toThrow(/Invalid export key/);
    expect(() => exportStore().write('site/job.txt', 'x.xlsx')).toThrow(/Invalid export key/);
  });

  it('removes files older than the keeping time', async () => {
    await stored('site-b/old.xlsx', 'old');
    await stored('site-b/new.xlsx', 'new');
    const old = join(mediaDir, '.exports', 'site-b', 'old.xlsx');
    const longAgo = new Date(now.getTime() - (EXPORT_LIMITS.keepHours + 1) * 3_600_000);
    utimesSync(old, longAgo, longAgo);
    await exportStore().sweep(now);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(join(mediaDir, '.exports', 'site-b', 'new.xlsx'))).toBe(true);
  });
});
