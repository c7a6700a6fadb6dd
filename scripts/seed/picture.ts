/**
 * Demo pictures without image files in the repository: a small PNG painted from a few colours (sky, sun, sea, land),
 * as an upload (base64). The package seed and the package tests store them through the real media piece.
 */
import { deflateSync } from 'node:zlib';
import type { ImageUpload } from '@tp/contracts/media';

type Rgb = readonly [number, number, number];
export interface Scene {
  sky: Rgb;
  horizon: Rgb;
  sun: Rgb;
  ground: Rgb;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb =>
  [0, 1, 2].map((i) => Math.round(a[i]! + (b[i]! - a[i]!) * t)) as unknown as Rgb;

/** A landscape PNG of `width` × `height`: sky fading to the horizon, a sun, and rolling ground. */
export function scenePng(scene: Scene, width = 480, height = 300): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  const sunX = width * 0.72;
  const sunY = height * 0.38;
  const sunR = height * 0.12;
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const ground = height * 0.62 + Math.sin((x / width) * Math.PI * 2.5) * height * 0.05;
      let c: Rgb;
      if (y > ground) c = mix(scene.ground, [20, 30, 40], (y - ground) / (height - ground) / 2);
      else if ((x - sunX) ** 2 + (y - sunY) ** 2 < sunR ** 2) c = scene.sun;
      else c = mix(scene.sky, scene.horizon, y / ground);
      raw.set(c, row + 1 + x * 3);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const sceneUpload = (scene: Scene, fileName: string, width?: number, height?: number): ImageUpload => ({
  fileName,
  dataBase64: scenePng(scene, width, height).toString('base64'),
});

export const SCENES = {
  desert: { sky: [250, 190, 120], horizon: [255, 230, 180], sun: [255, 250, 220], ground: [214, 160, 90] },
  beach: { sky: [70, 160, 230], horizon: [190, 230, 250], sun: [255, 245, 200], ground: [20, 130, 160] },
  backwaters: { sky: [120, 190, 210], horizon: [220, 240, 230], sun: [255, 240, 190], ground: [40, 120, 60] },
  city: { sky: [40, 50, 110], horizon: [230, 120, 90], sun: [255, 210, 140], ground: [50, 50, 70] },
} as const satisfies Record<string, Scene>;
