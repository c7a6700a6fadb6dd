/**
 * Where the e-ticket's barcodes are drawn: in a worker (barcode.worker.ts) where the browser has workers and
 * OffscreenCanvas, otherwise here with bwip-js loaded on first use. One worker serves the page's barcodes in
 * turn; it is created with the first and ends once none is waiting.
 */
export type BarcodeRequest = { id: number; text: string };
export type BarcodeReply = { id: number; bitmap: ImageBitmap | null };

const OPTIONS = { bcid: 'pdf417', scale: 2, height: 8, paddingwidth: 4, paddingheight: 4 } as const;

let worker: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, (bitmap: ImageBitmap | null) => void>();

function settle(id: number, bitmap: ImageBitmap | null) {
  waiting.get(id)?.(bitmap);
  waiting.delete(id);
  if (waiting.size === 0 && worker) {
    worker.terminate();
    worker = null;
  }
}

function inWorker(text: string): Promise<ImageBitmap | null> {
  if (!worker) {
    const w = new Worker(new URL('./barcode.worker.ts', import.meta.url), { type: 'module' });
    w.onmessage = ({ data }: MessageEvent<BarcodeReply>) => settle(data.id, data.bitmap);
    // The worker could not start or threw: every barcode still waiting is drawn here instead.
    w.onerror = (event) => {
      event.preventDefault();
      worker = null;
      w.terminate();
      for (const id of [...waiting.keys()]) settle(id, null);
    };
    worker = w;
  }
  const id = ++nextId;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    worker!.postMessage({ id, text } satisfies BarcodeRequest);
  });
}

async function onMainThread(canvas: HTMLCanvasElement, text: string): Promise<void> {
  const bwip = await import('bwip-js/browser');
  // The PDF417 encoder alone: the generic toCanvas keeps every symbology (~250 KB gzipped more).
  bwip.pdf417(canvas, { ...OPTIONS, text });
}

const workerDraws = () => typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined';

/**
 * Draws `text` as a PDF417 barcode on `canvas`, unless `live()` says the canvas has gone meanwhile. Resolves
 * once drawn; a drawing error rejects (the caller ignores it: the ticket is valid without the barcode).
 */
export async function drawBarcode(canvas: HTMLCanvasElement, text: string, live: () => boolean): Promise<void> {
  const bitmap = workerDraws() ? await inWorker(text) : null;
  if (!live()) return bitmap?.close();
  if (!bitmap) return onMainThread(canvas, text);
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
  bitmap.close();
}
