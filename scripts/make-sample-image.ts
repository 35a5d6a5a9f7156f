// Writes examples/workspace/files/site-photo.png: a tiny hand-drawn "photo" of the
// pilot site (sky, sun, field, pump housing) as a real RGB PNG. Deterministic, so
// re-running it leaves the committed file unchanged.
//
// Run with: npx -y node@24 scripts/make-sample-image.ts

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];

const WIDTH = 32;
const HEIGHT = 24;
const SKY: Rgb = [135, 190, 235];
const SUN: Rgb = [250, 210, 60];
const FIELD: Rgb = [92, 150, 70];
const SOIL: Rgb = [140, 100, 60];
const PUMP: Rgb = [70, 80, 95];
const PANEL: Rgb = [30, 50, 110];

/** Picks the colour of one pixel of the scene. */
function pixelAt(x: number, y: number): Rgb {
  if (x >= 22 && x <= 26 && y >= 2 && y <= 6) return SUN;
  if (x >= 4 && x <= 13 && y >= 9 && y <= 12) return PANEL;
  if (x >= 15 && x <= 18 && y >= 12 && y <= 17) return PUMP;
  if (y >= 20) return SOIL;
  if (y >= 14) return FIELD;
  return SKY;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 as PNG chunks need it (over chunk type and data). */
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** Encodes the scene as an 8-bit truecolour, non-interlaced PNG. */
function makeSitePhoto(): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, WIDTH);
  view.setUint32(4, HEIGHT);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  // compression, filter and interlace methods all stay 0

  const raw = new Uint8Array(HEIGHT * (1 + WIDTH * 3));
  let at = 0;
  for (let y = 0; y < HEIGHT; y++) {
    raw[at++] = 0; // filter type: none
    for (let x = 0; x < WIDTH; x++) {
      const [r, g, b] = pixelAt(x, y);
      raw[at++] = r;
      raw[at++] = g;
      raw[at++] = b;
    }
  }

  const signature = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const parts = [
    signature,
    chunk('IHDR', header),
    chunk('IDAT', new Uint8Array(deflateSync(raw, { level: 9 }))),
    chunk('IEND', new Uint8Array(0)),
  ];
  const png = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    png.set(part, offset);
    offset += part.length;
  }
  return png;
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const target = join(root, 'examples/workspace/files/site-photo.png');
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, makeSitePhoto());
console.log(`wrote ${target}`);
