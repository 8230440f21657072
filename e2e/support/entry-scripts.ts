import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO_ROOT } from './env';

export const WEB_DIST = path.join(REPO_ROOT, 'packages/web/dist');

export interface ScriptSizes {
  files: string[];
  rawKb: number;
  gzipKb: number;
}

/**
 * The entry script and the chunks index.html preloads: what every first visit loads before any
 * page's own chunk, measured as gzip -9 of the built files (`npm run build` first).
 */
export function entryScriptSizes(dist = WEB_DIST): ScriptSizes {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]);
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const body = readFileSync(path.join(dist, file));
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { files, rawKb: raw / 1024, gzipKb: gzip / 1024 };
}
