// Writes Brotli and gzip copies next to the built web UI's assets, so `footnote serve` (with
// @fastify/static's preCompressed option) sends the smaller file to browsers that accept it.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const assets = fileURLToPath(new URL('../dist/web/assets/', import.meta.url));
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt)$/;
/** Files smaller than this are sent as they are: compression would not pay for itself. */
const MIN_BYTES = 1024;

let before = 0;
let after = 0;
for (const name of readdirSync(assets)) {
  const file = join(assets, name);
  if (!COMPRESSIBLE.test(name) || statSync(file).size < MIN_BYTES) continue;
  const content = readFileSync(file);
  const br = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  before += content.length;
  after += br.length;
}
process.stdout.write(
  `web assets: ${(before / 1024).toFixed(0)} KiB, ${(after / 1024).toFixed(0)} KiB with Brotli\n`,
);
