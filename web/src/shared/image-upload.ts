/**
 * Pictures are resized in the browser before they are sent: a phone photo of 4–12 MB becomes a few hundred KB,
 * which fits a JSON request (the server re-checks type, bytes and sides: functions/src/lib/media.ts).
 * Decisions: docs/decisions.md "Uploaded images".
 */
import { IMAGE_TYPES, MEDIA_LIMITS, MEDIA_MSG, type ImageUpload } from '@tp/contracts/media';

export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

export interface ResizeOptions {
  /** Longest side of the result in pixels (a package photo 1600, a logo 512, a favicon 64). */
  maxSide: number;
  /** Keep PNG for logos and favicons (transparency); photos become WebP. */
  keepPng?: boolean;
}

/** Scale that brings the longest side to at most `maxSide` (never enlarges). */
export const scaleToFit = (width: number, height: number, maxSide: number): number =>
  Math.min(1, maxSide / Math.max(width, height));

const QUALITIES = [0.85, 0.75, 0.6, 0.45];

function toBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

function base64Of(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}

/**
 * The file as an upload: decoded (EXIF orientation applied), scaled to `maxSide`, encoded at the best quality
 * that fits MEDIA_LIMITS.imageBytes. Throws an Error whose message is for the user.
 */
export async function resizeImage(file: File, { maxSide, keepPng = false }: ResizeOptions): Promise<ImageUpload> {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) throw new Error(MEDIA_MSG.notAnImage);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new Error(MEDIA_MSG.notAnImage);
  }
  const type = keepPng && file.type === 'image/png' ? 'image/png' : 'image/webp';
  let side = Math.min(maxSide, MEDIA_LIMITS.maxSide);
  try {
    // Each pass lowers the quality, then the size, until the encoding fits.
    for (let pass = 0; pass < 4; pass++, side = Math.round(side * 0.75)) {
      const scale = scaleToFit(bitmap.width, bitmap.height, side);
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(bitmap.width * scale));
      canvas.height = Math.max(1, Math.round(bitmap.height * scale));
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error(MEDIA_MSG.notAnImage);
      ctx.imageSmoothingQuality = 'high';
      ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      for (const quality of type === 'image/png' ? [1] : QUALITIES) {
        const blob = await toBlob(canvas, type, quality);
        if (blob && blob.size <= MEDIA_LIMITS.imageBytes)
          return { fileName: file.name.slice(0, 100), dataBase64: await base64Of(blob) };
      }
    }
  } finally {
    bitmap.close();
  }
  throw new Error(MEDIA_MSG.tooLarge);
}
