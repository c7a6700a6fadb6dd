/**
 * Uploaded images (package photos, a site's logo and favicon): one request field and one stored shape for
 * every feature that takes a picture. The browser resizes before sending (web/src/shared/image-upload.ts);
 * the server checks the bytes again (functions/src/lib/media.ts): type from the magic bytes, size, sides.
 * Decisions: docs/decisions.md "Uploaded images".
 */
import * as z from 'zod/mini';
import { zName } from './fields.ts';
import { lazy } from './lazy.ts';
import * as MSG from './messages.ts';
import { REQUEST_LIMITS } from './platform.ts';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export const MEDIA_LIMITS = {
  /** Decoded bytes of one image: its base64 (4/3 of it) plus the rest of the JSON stays under the body limit. */
  imageBytes: 700 * 1024,
  /** Longest side the server stores; the browser scales down to the feature's own (smaller) side first. */
  maxSide: 4096,
} as const;

/** Base64 length of MEDIA_LIMITS.imageBytes, checked before decoding. */
export const MAX_BASE64 = Math.ceil(MEDIA_LIMITS.imageBytes / 3) * 4;
if (MAX_BASE64 >= REQUEST_LIMITS.bodyBytes) throw new Error('MEDIA_LIMITS.imageBytes does not fit a request body');

export const MEDIA_MSG = {
  notAnImage: 'Upload a JPEG, PNG or WebP image',
  tooLarge: `The image is too large (at most ${Math.floor(MEDIA_LIMITS.imageBytes / 1024)} KB after resizing)`,
  tooWide: `The image is too large (at most ${MEDIA_LIMITS.maxSide} pixels a side)`,
} as const;

/** What a screen sends for one picture: the (resized) file as base64, and its name for the alt text default. */
export const zImageUpload = lazy(() =>
  z.object({
    fileName: zName({ required: false }),
    // The one string field allowed past 300 KB (fields.test.ts): base64 only, capped at the image limit.
    dataBase64: z
      .string()
      .check(
        z.minLength(1, MSG.required),
        z.maxLength(MAX_BASE64, MEDIA_MSG.tooLarge),
        z.regex(/^[A-Za-z0-9+/]+={0,2}$/, MEDIA_MSG.notAnImage),
      ),
  }),
);
export type ImageUpload = z.infer<typeof zImageUpload>;

/** A stored image: `url` is site-relative (`/media/<key>`), served by CloudFront from S3 or by the local gateway. */
export const zMediaImage = lazy(() =>
  z.object({
    key: z.string(),
    url: z.string(),
    width: z.number(),
    height: z.number(),
    contentType: z.enum(IMAGE_TYPES),
    bytes: z.number(),
  }),
);
export type MediaImage = z.infer<typeof zMediaImage>;

/** The path prefix images are served under, on every reseller domain. */
export const MEDIA_PATH = '/media/';

// ---------------------------------------------------------------------------------------------------
// Private documents (visa applications): never served under MEDIA_PATH; read through short-lived links only.

/** The first segment of a private document's key: the local gateway never serves it; on AWS it maps outside `media/`. */
export const PRIVATE_MEDIA_FOLDER = '.private';

export const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const DOCUMENT_MSG = {
  notADocument: 'Upload a PDF, JPEG or PNG file',
  tooLarge: `The file is too large (at most ${Math.floor(MEDIA_LIMITS.imageBytes / 1024)} KB)`,
} as const;

/** One uploaded document: the file as base64 (the same cap as an image) and its name as the user chose it. */
export const zDocumentUpload = lazy(() =>
  z.object({
    fileName: zName(),
    dataBase64: z
      .string()
      .check(
        z.minLength(1, MSG.required),
        z.maxLength(MAX_BASE64, DOCUMENT_MSG.tooLarge),
        z.regex(/^[A-Za-z0-9+/]+={0,2}$/, DOCUMENT_MSG.notADocument),
      ),
  }),
);
export type DocumentUpload = z.infer<typeof zDocumentUpload>;

// ---------------------------------------------------------------------------------------------------
// Export files (functions/src/exports): written by the exports worker, read only through short-lived signed links.

/** The local stack's folder of export files inside its media folder: never served under MEDIA_PATH. */
export const EXPORTS_MEDIA_FOLDER = '.exports';
/** Where the local gateway serves an export file to a link with a valid signature (S3's presigned URL on AWS). */
export const EXPORT_FILES_PATH = '/export-files/';
