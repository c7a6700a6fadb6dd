import { useEffect, useRef } from 'react';

/**
 * A QR code of a voucher's reference, drawn with bwip-js (the e-ticket's barcode library) loaded on first use, so
 * the library stays out of every other screen. A drawing failure leaves the reference printed beside it.
 */
export function ReferenceQr({ text }: { text: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let live = true;
    import('bwip-js/browser')
      .then((bwip) => {
        // The QR encoder alone: the generic toCanvas keeps every symbology.
        if (live && canvas.current)
          bwip.qrcode(canvas.current, { bcid: 'qrcode', text, scale: 3, paddingwidth: 2, paddingheight: 2 });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [text]);
  return (
    <canvas
      ref={canvas}
      role="img"
      aria-label={`QR code of ${text}`}
      data-qr={text}
      className="voucher-qr"
      width={96}
      height={96}
    />
  );
}
