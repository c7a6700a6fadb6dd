import { useEffect, useRef } from 'react';
import { drawBarcode } from './barcode-draw.ts';

/**
 * A PDF417 boarding-pass barcode, drawn by bwip-js in a worker (barcode-draw.ts), so neither the library nor
 * the encoding runs on the page's main thread. Drawing errors are ignored (spec 000 §8): the ticket is still
 * valid without it.
 */
export function Barcode({ text, label }: { text: string; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let live = true;
    if (canvas.current) drawBarcode(canvas.current, text, () => live).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [text]);
  return <canvas ref={canvas} role="img" aria-label={label} data-barcode={text} style={{ maxWidth: '100%' }} />;
}
