// Brotli and gzip copies of the built text assets, written next to them at build time, so that the
// server sends them as they are (no compression per request) to clients that accept them.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** What is worth compressing: text. Images, fonts and the like are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** Writes `file.br` and `file.gz` beside every compressible file of `dir`; returns how many files. */
export function precompressDir(dir: string): number {
  let count = 0;
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const original = readFileSync(file);
    if (original.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(original, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
      },
    });
    const gzip = gzipSync(original, { level: constants.Z_BEST_COMPRESSION });
    // The server falls back to the original where a copy is missing.
    if (brotli.length < original.length) writeFileSync(`${file}.br`, brotli);
    if (gzip.length < original.length) writeFileSync(`${file}.gz`, gzip);
    count += 1;
  }
  return count;
}
