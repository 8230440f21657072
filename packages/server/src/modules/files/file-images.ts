import type { Readable } from 'node:stream';
import exifr from 'exifr';
import sharp from 'sharp';
import { extensionOf } from './file-naming';

const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'tif', 'tiff', 'gif', 'webp']);

const MIME_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
  xml: 'application/xml',
  zip: 'application/zip',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  las: 'application/octet-stream',
};

/** The MIME type of a stored file: known extensions first, then what the browser said. */
export function mimeTypeOf(filename: string, sent: string | undefined): string {
  const known = MIME_TYPES[extensionOf(filename)];
  if (known) return known;
  return sent && /^[a-z]+\/[A-Za-z0-9.+-]+$/.test(sent) ? sent : 'application/octet-stream';
}

export function isImageName(filename: string): boolean {
  return IMAGE_EXTENSIONS.has(extensionOf(filename));
}

export interface ImageFacts {
  width: number | null;
  height: number | null;
  /** EXIF DateTimeOriginal (else CreateDate), ISO-8601. */
  exifDate: string | null;
}

const NO_FACTS: ImageFacts = { width: null, height: null, exifDate: null };

/** Dimensions and EXIF date of an image file; a file that is no image has none (no error). */
export async function imageFacts(path: string): Promise<ImageFacts> {
  try {
    const meta = await sharp(path).metadata();
    const exif = (await exifr.parse(path, ['DateTimeOriginal', 'CreateDate']).catch(() => undefined)) as
      { DateTimeOriginal?: unknown; CreateDate?: unknown } | undefined;
    const date = exif?.DateTimeOriginal ?? exif?.CreateDate;
    return {
      width: meta.width,
      height: meta.height,
      exifDate: date instanceof Date && !Number.isNaN(date.getTime()) ? date.toISOString() : null,
    };
  } catch {
    return NO_FACTS;
  }
}

/** How tall a core scan preview is (reference §1): CS unrolled = diameter×π×2 px, SS slabbed = diameter×2 px. */
export function scanHeight(type: string, coreDiameter: number | null): number | undefined {
  if (!coreDiameter || coreDiameter <= 0) return undefined;
  if (type === 'CS') return Math.round(coreDiameter * Math.PI * 2);
  if (type === 'SS') return Math.round(coreDiameter * 2);
  return undefined;
}

export const PREVIEW_BOX = 1000;

/** A reduced JPEG (quality 80): fits 1000×1000, or the core scan height; never enlarged. */
export async function previewJpeg(source: Readable, height: number | undefined): Promise<Buffer> {
  const transformer = sharp({ failOn: 'error' })
    .rotate()
    .resize(
      height
        ? { height, withoutEnlargement: true }
        : { width: PREVIEW_BOX, height: PREVIEW_BOX, fit: 'inside', withoutEnlargement: true },
    )
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80 });
  source.pipe(transformer);
  return transformer.toBuffer();
}

/** The preview of a file that is no image: a page with its extension. */
export function genericIcon(filename: string): string {
  const label = (extensionOf(filename) || 'file').toUpperCase().slice(0, 5);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="120" viewBox="0 0 96 120">
<path d="M8 4h56l24 24v88H8z" fill="#eceff1" stroke="#607d8b" stroke-width="4"/>
<path d="M64 4v24h24" fill="#cfd8dc" stroke="#607d8b" stroke-width="4"/>
<text x="48" y="84" font-family="sans-serif" font-size="20" font-weight="bold" fill="#37474f" text-anchor="middle">${label}</text>
</svg>`;
}
