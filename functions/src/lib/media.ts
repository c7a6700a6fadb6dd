/**
 * Uploaded images: checked from their bytes (image-check.ts), stored under the site's own prefix, served at
 * `/media/<key>` on every reseller domain (CloudFront → the media bucket on AWS, the local gateway → MEDIA_DIR).
 * Keys are random, so a stored image is immutable and cacheable for a year; replacing one is a new key.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';
import { MEDIA_PATH, type ImageUpload, type MediaImage } from '@tp/contracts/media';
import { env } from './config.ts';
import { newId } from './crypto.ts';
import { fail } from './errors.ts';
import { checkImage, EXTENSION } from './image-check.ts';
import type { SiteId } from './keys.ts';

interface MediaStore {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
}

let s3Store: Promise<MediaStore> | undefined;
/** S3, loaded on first use: only the Lambdas that take uploads ever pay for the client. */
function bucketStore(bucket: string): Promise<MediaStore> {
  s3Store ??= import('@aws-sdk/client-s3').then(({ S3Client, PutObjectCommand, DeleteObjectCommand }) => {
    const s3 = new S3Client({});
    // CloudFront forwards the viewer's path: /media/<key> is the object `media/<key>`.
    const objectKey = (key: string) => `${MEDIA_PATH.slice(1)}${key}`;
    return {
      async put(key, body, contentType) {
        await s3.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: objectKey(key),
            Body: body,
            ContentType: contentType,
            CacheControl: 'public, max-age=31536000, immutable',
          }),
        );
      },
      async remove(key) {
        await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
      },
    };
  });
  return s3Store;
}

function folderStore(root: string): MediaStore {
  const fileOf = (key: string) => {
    const file = normalize(join(root, key));
    if (!file.startsWith(normalize(root))) throw fail.validation('Invalid image key');
    return file;
  };
  return {
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

async function store(): Promise<MediaStore> {
  const { MEDIA_BUCKET, MEDIA_DIR } = env();
  if (MEDIA_BUCKET) return bucketStore(MEDIA_BUCKET);
  if (MEDIA_DIR) return folderStore(MEDIA_DIR);
  throw new Error('Image uploads need MEDIA_BUCKET (AWS) or MEDIA_DIR (local stack)');
}

/** A folder of the site's media: letters, digits, dashes (e.g. `packages/<id>`, `branding`). */
const FOLDER = /^[a-z0-9-]+(\/[A-Za-z0-9-]+)*$/;

/** Checks and stores one image under `<siteId>/<folder>/`; a bad file is a 400 naming the field, nothing stored. */
export async function saveImage(
  site: SiteId,
  folder: string,
  upload: ImageUpload,
  field = 'image',
): Promise<MediaImage> {
  if (!FOLDER.test(folder)) throw new Error(`Invalid media folder: ${folder}`);
  const bytes = Buffer.from(upload.dataBase64, 'base64');
  const checked = checkImage(bytes);
  if ('error' in checked) throw fail.validation(checked.error, { [field]: checked.error });
  const key = `${site}/${folder}/${newId()}.${EXTENSION[checked.contentType]}`;
  await (await store()).put(key, bytes, checked.contentType);
  return { key, url: `${MEDIA_PATH}${key}`, ...checked, bytes: bytes.length };
}

/** Deletes a stored image of this site (a key of another site is refused, never deleted). */
export async function deleteImage(site: SiteId, key: string): Promise<void> {
  if (!key.startsWith(`${site}/`) || key.includes('..')) throw fail.validation('Invalid image key');
  await (await store()).remove(key);
}
