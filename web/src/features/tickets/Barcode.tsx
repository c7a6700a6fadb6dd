import { useEffect, useRef } from 'react';

/**
 * A PDF417 boarding-pass barcode drawn with bwip-js, loaded on first use so the library stays out of
 * every other screen. Drawing errors are ignored (spec 000 §8): the ticket is still valid without it.
 */
export function Barcode({ text, label }: { text: string; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let live = true;
    import('bwip-js/browser')
      .then((bwip) => {
        // The PDF417 encoder alone: the generic toCanvas keeps every symbology (~250 KB gzipped more).
        if (live && canvas.current)
          bwip.pdf417(canvas.current, {
            bcid: 'pdf417',
            text,
            scale: 2,
            height: 8,
            paddingwidth: 4,
            paddingheight: 4,
          });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [text]);
  return <canvas ref={canvas} role="img" aria-label={label} data-barcode={text} style={{ maxWidth: '100%' }} />;
}
