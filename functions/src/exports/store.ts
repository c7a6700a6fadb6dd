/**
 * The export store: where the worker streams a workbook, and the short-lived link that hands it over. On AWS the
 * `exports/` prefix of the media bucket (a multipart upload as the bytes come; a presigned GET; the bucket's
 * lifecycle rule removes files after EXPORT_LIMITS.keepHours), on the local stack a folder inside its media folder
 * (written to a part file, renamed when complete; a link signed with an HMAC of the local secrets key that the
 * local gateway checks; files older than keepHours removed by the worker). Same contract either way: a link names
 * one file, works until its time, and nothing else reaches the files.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import { PassThrough, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EXPORT_FILES_PATH, EXPORTS_MEDIA_FOLDER } from '@tp/contracts/media';
import { EXPORT_LIMITS } from '@tp/contracts/endpoints/exports';
import { env } from '#lib/config';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The stored file's type by its key's extension. */
export const contentType = (key: string): string =>
  key.endsWith('.csv') ? 'text/csv; charset=utf-8' : key.endsWith('.xml') ? 'application/xml' : XLSX_TYPE;

/** A file being written: the stream to write to, and `done()` resolving with its size once it is stored whole. */
export interface StoredFile {
  stream: Writable;
  done(): Promise<{ bytes: number }>;
}

export interface ExportStore {
  write(key: string, fileName: string): StoredFile;
  link(key: string, fileName: string, now: Date): Promise<{ url: string; expiresAt: Date }>;
  /** Removes files past their keeping time (S3 does it itself by lifecycle rule). */
  sweep(now: Date): Promise<void>;
}

/** A key is `<siteId>/<jobId>.<xlsx|csv|xml>`: two safe segments, nothing that climbs out of the folder. */
const KEY = /^[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+\.(xlsx|csv|xml)$/;

/** Counts the bytes that pass. */
function counter(): Transform & { bytes: number } {
  const t = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      t.bytes += chunk.length;
      cb(null, chunk);
    },
  }) as Transform & { bytes: number };
  t.bytes = 0;
  return t;
}

const attachment = (fileName: string) => `attachment; filename="${safeName(fileName)}"`;

// ---------------------------------------------------------------------------------------------------
// AWS

let s3Module: Promise<typeof import('@aws-sdk/client-s3')> | undefined;
let client: import('@aws-sdk/client-s3').S3Client | undefined;
async function s3() {
  s3Module ??= import('@aws-sdk/client-s3');
  const mod = await s3Module;
  client ??= new mod.S3Client({});
  return { mod, client };
}

function bucketStore(bucket: string): ExportStore {
  const objectKey = (key: string) => `exports/${key}`;
  return {
    write(key, fileName) {
      if (!KEY.test(key)) throw new Error(`Invalid export key: ${key}`);
      const count = counter();
      const body = new PassThrough();
      count.pipe(body);
      const upload = (async () => {
        const [{ client }, { Upload }] = await Promise.all([s3(), import('@aws-sdk/lib-storage')]);
        // Parts of 5 MB, two in flight: memory stays at a few parts whatever the file's size.
        await new Upload({
          client,
          queueSize: 2,
          partSize: 5 * 1024 * 1024,
          leavePartsOnError: false,
          params: {
            Bucket: bucket,
            Key: objectKey(key),
            Body: body,
            ContentType: contentType(key),
            ContentDisposition: attachment(fileName),
            CacheControl: 'private, no-store',
          },
        }).done();
      })();
      return { stream: count, done: () => upload.then(() => ({ bytes: count.bytes })) };
    },
    async link(key, fileName, now) {
      const [{ mod, client }, { getSignedUrl }] = await Promise.all([s3(), import('@aws-sdk/s3-request-presigner')]);
      const url = await getSignedUrl(
        client,
        new mod.GetObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          ResponseContentDisposition: attachment(fileName),
        }),
        { expiresIn: EXPORT_LIMITS.linkSeconds, signingDate: now },
      );
      return { url, expiresAt: new Date(now.getTime() + EXPORT_LIMITS.linkSeconds * 1000) };
    },
    async sweep() {
      // The bucket's lifecycle rule on exports/ (infra data stack) removes old files.
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Local stack

/** The file name a download is saved under: letters, digits, dot, dash and underscore only. */
const safeName = (fileName: string) => fileName.replace(/[^\w.-]/g, '_');

const signature = (secret: string, key: string, expires: number, name: string) =>
  createHmac('sha256', Buffer.from(secret, 'base64'))
    .update(`export-link\n${key}\n${expires}\n${name}`)
    .digest('base64url');

function folderStore(mediaDir: string, secret: string): ExportStore {
  const root = join(mediaDir, EXPORTS_MEDIA_FOLDER);
  return {
    write(key) {
      if (!KEY.test(key)) throw new Error(`Invalid export key: ${key}`);
      const file = join(root, key);
      const part = `${file}.part`;
      const count = counter();
      const written = (async () => {
        await mkdir(join(file, '..'), { recursive: true });
        await pipeline(count, createWriteStream(part));
        // Complete files only: a run that died leaves a part file, never a truncated workbook under the key.
        await rename(part, file);
      })();
      return { stream: count, done: () => written.then(() => ({ bytes: count.bytes })) };
    },
    async link(key, fileName, now) {
      const expires = Math.floor(now.getTime() / 1000) + EXPORT_LIMITS.linkSeconds;
      // The name is signed too, as S3 signs the response's Content-Disposition.
      const name = safeName(fileName);
      const query = new URLSearchParams({
        expires: String(expires),
        name,
        signature: signature(secret, key, expires, name),
      });
      return { url: `${EXPORT_FILES_PATH}${key}?${query}`, expiresAt: new Date(expires * 1000) };
    },
    async sweep(now) {
      const cutoff = now.getTime() - EXPORT_LIMITS.keepHours * 3_600_000;
      const sites = await readdir(root).catch(() => [] as string[]);
      for (const site of sites)
        for (const name of await readdir(join(root, site)).catch(() => [] as string[])) {
          const file = join(root, site, name);
          const info = await stat(file).catch(() => null);
          if (info && info.mtimeMs < cutoff) await rm(file, { force: true });
        }
    },
  };
}

/**
 * The local gateway's check of a link: the file it names (and the name to save it under) when the signature is
 * right and the time has not passed, else null (the gateway answers 404 either way, so a wrong link says nothing
 * about what exists).
 */
export function localExportFile(
  pathname: string,
  query: URLSearchParams,
  now: Date,
): { file: string; fileName: string; contentType: string } | null {
  const { MEDIA_DIR, SECRETS_LOCAL_KEY } = env();
  if (!MEDIA_DIR || !SECRETS_LOCAL_KEY || !pathname.startsWith(EXPORT_FILES_PATH)) return null;
  const key = pathname.slice(EXPORT_FILES_PATH.length);
  const expires = Number(query.get('expires'));
  const name = query.get('name') ?? '';
  const given = Buffer.from(query.get('signature') ?? '');
  if (!KEY.test(key) || !Number.isSafeInteger(expires) || expires * 1000 < now.getTime()) return null;
  if (!name || name !== safeName(name)) return null;
  const wanted = Buffer.from(signature(SECRETS_LOCAL_KEY, key, expires, name));
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return null;
  const root = normalize(join(MEDIA_DIR, EXPORTS_MEDIA_FOLDER));
  const file = normalize(join(root, key));
  return file.startsWith(root + sep) ? { file, fileName: name, contentType: contentType(key) } : null;
}

export function exportStore(): ExportStore {
  const { MEDIA_BUCKET, MEDIA_DIR, SECRETS_LOCAL_KEY } = env();
  if (MEDIA_BUCKET) return bucketStore(MEDIA_BUCKET);
  if (MEDIA_DIR && SECRETS_LOCAL_KEY) return folderStore(MEDIA_DIR, SECRETS_LOCAL_KEY);
  throw new Error('Exports need MEDIA_BUCKET (AWS) or MEDIA_DIR and SECRETS_LOCAL_KEY (local stack)');
}
