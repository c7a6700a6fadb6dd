// pngjs ships no types; the barcode decode test reads PNGs through this much of it.
declare module 'pngjs' {
  export const PNG: { sync: { read(buffer: Buffer): { width: number; height: number; data: Buffer } } };
}
