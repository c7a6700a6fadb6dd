/// <reference lib="webworker" />
/**
 * Draws the e-ticket's PDF417 boarding barcodes off the main thread (see Barcode.tsx): bwip-js encodes
 * and paints each on an OffscreenCanvas here, and only the finished bitmap goes back, so the print view's
 * first screen is not held up by the encoder (its code's evaluation and ~10–30 ms of work per passenger on a
 * 4x-slowed phone).
 */
import { pdf417 } from 'bwip-js/browser';
import type { BarcodeReply, BarcodeRequest } from './barcode-draw.ts';

self.onmessage = ({ data: { id, text } }: MessageEvent<BarcodeRequest>) => {
  let reply: BarcodeReply;
  try {
    const canvas = new OffscreenCanvas(1, 1);
    pdf417(canvas, { bcid: 'pdf417', text, scale: 2, height: 8, paddingwidth: 4, paddingheight: 4 });
    const bitmap = canvas.transferToImageBitmap();
    reply = { id, bitmap };
    (self as unknown as DedicatedWorkerGlobalScope).postMessage(reply, [bitmap]);
  } catch {
    reply = { id, bitmap: null };
    (self as unknown as DedicatedWorkerGlobalScope).postMessage(reply);
  }
};
