import fc from 'fast-check';
import { multipart, type Part } from '../../files-fixture';
import { INVALID_UTF8 } from './hostile-values';

/** How a multipart body is (mis)built. */
export const MULTIPART_VARIANTS = [
  'valid',
  'no-boundary',
  'truncated',
  'wrong-boundary',
  'no-final-boundary',
  'no-disposition',
  'empty',
  'many-files',
  'huge-field',
  'invalid-utf8-names',
] as const;
export type MultipartVariant = (typeof MULTIPART_VARIANTS)[number];

export interface MultipartBody {
  variant: MultipartVariant;
  contentType: string;
  payload: Buffer;
}

/**
 * A multipart/form-data body of `parts` (built as a browser does, files-fixture.ts), then broken as
 * `variant` says; `cut` (0..1) places a truncation.
 */
export function buildMultipart(parts: Part[], variant: MultipartVariant, cut: number): MultipartBody {
  let list = parts;
  if (variant === 'many-files') {
    const extra = Array.from({ length: 60 }, (_, i) => ({
      name: `f${i}`,
      filename: `f${i}.txt`,
      type: 'text/plain',
      data: Buffer.from('x'),
    }));
    list = [...parts, ...extra];
  }
  if (variant === 'huge-field') list = [...parts, { name: 'analyst', value: 'a'.repeat(200_000) }];
  if (variant === 'invalid-utf8-names') {
    const bad = (INVALID_UTF8[0] ?? Buffer.from([0xff])).toString('latin1');
    list = parts.map((p) => ('filename' in p ? { ...p, filename: `a${bad}.txt` } : { ...p, name: `n${bad}` }));
  }
  const built = multipart(list);
  const contentType = built.headers['content-type'] ?? '';
  const boundary = contentType.replace(/^.*boundary=/, '');
  const body = built.payload;
  switch (variant) {
    case 'no-boundary':
      return { variant, contentType: 'multipart/form-data', payload: body };
    case 'truncated':
      return { variant, contentType, payload: body.subarray(0, Math.floor(body.length * cut)) };
    case 'wrong-boundary':
      return { variant, contentType: 'multipart/form-data; boundary=somethingElse', payload: body };
    case 'no-final-boundary':
      return { variant, contentType, payload: body.subarray(0, body.length - `--${boundary}--\r\n`.length) };
    case 'no-disposition':
      return {
        variant,
        contentType,
        payload: Buffer.from(body.toString('latin1').replaceAll('Content-Disposition:', 'X-Nothing:'), 'latin1'),
      };
    case 'empty':
      return { variant, contentType, payload: Buffer.alloc(0) };
    default:
      return { variant, contentType, payload: body };
  }
}

/** A small file of random bytes, or of text a route might accept (a JSON template), under a name. */
export function filePart(contents: readonly string[]): fc.Arbitrary<Part> {
  return fc.record({
    name: fc.constantFrom('file', 'files[]', 'FilesUploadNewFormModel[files][0]', 'upload'),
    filename: fc.constantFrom(
      'a.txt',
      'photo.jpg',
      'template.json',
      'templates.zip',
      '',
      '../../evil.sh',
      '.hidden',
      'x'.repeat(300),
    ),
    data: fc.oneof(
      fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes)),
      contents.length ? fc.constantFrom(...contents).map((text) => Buffer.from(text)) : fc.constant(Buffer.from('{}')),
    ),
    type: fc.constantFrom(
      'text/plain',
      'application/json',
      'image/jpeg',
      'application/zip',
      'application/octet-stream',
    ),
  });
}
