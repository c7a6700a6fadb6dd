import { mkdtempSync, readdirSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MSG } from '@tp/contracts/media';
import { resetEnvCache } from './config.ts';
import { asSiteId } from './keys.ts';
import { deleteImage, saveImage } from './media.ts';

const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const PNG = Buffer.from([
  0x89,
  0x50,
  0x4e,
  0x47,
  0x0d,
  0x0a,
  0x1a,
  0x0a,
  0,
  0,
  0,
  13,
  73,
  72,
  68,
  82,
  ...u32(320),
  ...u32(200),
  8,
  6,
  0,
  0,
  0,
]);
const site = asSiteId('site-flightdeals');

describe('saveImage / deleteImage on the local folder store', () => {
  const dir = mkdtempSync(join(tmpdir(), 'media-test-'));
  const before = process.env.MEDIA_DIR;
  beforeAll(() => {
    process.env.MEDIA_DIR = dir;
    resetEnvCache();
  });
  afterAll(() => {
    if (before === undefined) delete process.env.MEDIA_DIR;
    else process.env.MEDIA_DIR = before;
    resetEnvCache();
  });

  it('stores a checked image under the site with a random key and answers its /media url', async () => {
    const image = await saveImage(site, 'packages/p1', { fileName: 'beach.png', dataBase64: PNG.toString('base64') });
    expect(image).toMatchObject({ contentType: 'image/png', width: 320, height: 200, bytes: PNG.length });
    expect(image.key).toMatch(/^site-flightdeals\/packages\/p1\/[0-9a-f]{24}\.png$/);
    expect(image.url).toBe(`/media/${image.key}`);
    expect(readFileSync(join(dir, image.key))).toEqual(PNG);
    await deleteImage(site, image.key);
    expect(existsSync(join(dir, image.key))).toBe(false);
  });

  it('refuses a file that is not an image (400 naming the field) and stores nothing', async () => {
    const html = Buffer.from('<script>alert(1)</script>').toString('base64');
    await expect(saveImage(site, 'branding', { fileName: 'logo.png', dataBase64: html }, 'logo')).rejects.toMatchObject(
      {
        status: 400,
        message: MEDIA_MSG.notAnImage,
        fields: { logo: MEDIA_MSG.notAnImage },
      },
    );
    expect(existsSync(join(dir, site, 'branding')) ? readdirSync(join(dir, site, 'branding')) : []).toEqual([]);
  });

  it('never deletes another site’s image or a path outside the store', async () => {
    await expect(deleteImage(site, 'site-skyway/branding/x.png')).rejects.toMatchObject({ status: 400 });
    await expect(deleteImage(site, 'site-flightdeals/../../etc/passwd')).rejects.toMatchObject({ status: 400 });
  });
});
