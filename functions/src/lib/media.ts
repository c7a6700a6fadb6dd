/**
 * Uploaded images: checked from their bytes (image-check.ts), stored under the site's own prefix, served at
 * `/media/<key>` on every reseller domain (CloudFront → the media bucket on AWS, the local gateway → MEDIA_DIR).
 * Keys are random, so a stored image is immutable and cacheable for a year; replacing one is a new key.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';
import {
  MEDIA_PATH,
  PRIVATE_MEDIA_FOLDER,
  type DocumentType,
  type DocumentUpload,
  type ImageUpload,
  type MediaImage,
} from '@tp/contracts/media';
import { env } from './config.ts';
import { newId } from './crypto.ts';
import { fail } from './errors.ts';
import { checkDocument, DOCUMENT_EXTENSION } from './document-check.ts';
import { checkImage, EXTENSION } from './image-check.ts';
import type { SiteId } from './keys.ts';

interface MediaStore {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** Private documents only (the public images are read by CloudFront, never by a Lambda). */
  get(key: string): Promise<Uint8Array | null>;
}

let s3Store: Promise<MediaStore> | undefined;
/** S3, loaded on first use: only the Lambdas that take uploads ever pay for the client. */
function bucketStore(bucket: string): Promise<MediaStore> {
  s3Store ??= import('@aws-sdk/client-s3').then(
    ({ S3Client, PutObjectCommand, DeleteObjectCommand, GetObjectCommand }) => {
      const s3 = new S3Client({});
      // CloudFront forwards the viewer's path: /media/<key> is the object `media/<key>`. A private document's key
      // starts with PRIVATE_MEDIA_FOLDER and is stored outside `media/`, so no distribution path reaches it.
      const isPrivate = (key: string) => key.startsWith(`${PRIVATE_MEDIA_FOLDER}/`);
      const objectKey = (key: string) =>
        isPrivate(key) ? `private/${key.slice(PRIVATE_MEDIA_FOLDER.length + 1)}` : `${MEDIA_PATH.slice(1)}${key}`;
      return {
        async put(key, body, contentType) {
          await s3.send(
            new PutObjectCommand({
              Bucket: bucket,
              Key: objectKey(key),
              Body: body,
              ContentType: contentType,
              CacheControl: isPrivate(key) ? 'private, no-store' : 'public, max-age=31536000, immutable',
            }),
          );
        },
        async remove(key) {
          await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        },
        async get(key) {
          try {
            const out = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
            return out.Body ? await out.Body.transformToByteArray() : null;
          } catch (err) {
            if ((err as { name?: string }).name === 'NoSuchKey') return null;
            throw err;
          }
        },
      };
    },
  );
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
    async get(key) {
      return readFile(fileOf(key)).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
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

// ---------------------------------------------------------------------------------------------------
// Private documents (visa applications): stored under PRIVATE_MEDIA_FOLDER, never served at MEDIA_PATH (the
// local gateway refuses that folder; on AWS they live outside the `media/` prefix CloudFront reads), and read back
// only by the Lambda that checked who asks.

export interface StoredDocument {
  key: string;
  contentType: DocumentType;
  bytes: number;
}

const ownKey = (site: SiteId, key: string) => key.startsWith(`${PRIVATE_MEDIA_FOLDER}/${site}/`) && !key.includes('..');

/** Checks (PDF, JPEG, PNG from the bytes; size) and stores one private document; a bad file is a 400 naming the field. */
export async function savePrivateDocument(
  site: SiteId,
  folder: string,
  upload: DocumentUpload,
  field = 'file',
): Promise<StoredDocument> {
  if (!FOLDER.test(folder)) throw new Error(`Invalid media folder: ${folder}`);
  const bytes = Buffer.from(upload.dataBase64, 'base64');
  const checked = checkDocument(bytes);
  if ('error' in checked) throw fail.validation(checked.error, { [field]: checked.error });
  const key = `${PRIVATE_MEDIA_FOLDER}/${site}/${folder}/${newId()}.${DOCUMENT_EXTENSION[checked.contentType]}`;
  await (await store()).put(key, bytes, checked.contentType);
  return { key, contentType: checked.contentType, bytes: bytes.length };
}

/** The bytes of a private document of this site (null when it is gone). */
export async function readPrivateDocument(site: SiteId, key: string): Promise<Uint8Array | null> {
  if (!ownKey(site, key)) throw fail.validation('Invalid document key');
  return (await store()).get(key);
}

/** Deletes a private document of this site (a key of another site is refused, never deleted). */
export async function deletePrivateDocument(site: SiteId, key: string): Promise<void> {
  if (!ownKey(site, key)) throw fail.validation('Invalid document key');
  await (await store()).remove(key);
}
