import { AppError, hasRole, isReadOnly, type PermissionHolder } from '@mdis/shared';
import { z } from 'zod';
import type { FileStorage } from '../../infra/storage/file-storage';

/** The storage folder a label-printer spooler watches: `auto-print/<reportName>/<timestamp>-<n>.<ext>`. */
export const AUTO_PRINT_FOLDER = 'auto-print';
export const AUTO_PRINT_MAX_IMAGES = 20;
export const AUTO_PRINT_MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** The whole JSON body (a sheet of labels is a few hundred kB); larger requests are a 413 before parsing. */
export const AUTO_PRINT_BODY_LIMIT = 32 * 1024 * 1024;

export const autoPrintBodySchema = z.object({
  reportName: z.string().min(1).max(100),
  images: z.array(z.string()).min(1).max(AUTO_PRINT_MAX_IMAGES),
});
export const autoPrintAnswerSchema = z.object({ saved: z.array(z.string()) });
export type AutoPrintBody = z.infer<typeof autoPrintBodySchema>;

export const AUTO_PRINT_MESSAGES = {
  notAllowed: 'You are not allowed to perform this action.',
  unknownReport: (name: string) => `reportName: there is no report '${name}'.`,
  cannotAutoPrint: (name: string) => `reportName: the report '${name}' cannot auto-print.`,
  notDataUrl: (index: number) => `images[${String(index)}]: a data URL of a PNG or JPEG image is expected.`,
  wrongContent: (index: number) => `images[${String(index)}]: the content is not a PNG or JPEG image.`,
  tooLarge: (index: number) =>
    `images[${String(index)}]: larger than ${String(AUTO_PRINT_MAX_IMAGE_BYTES / 1024 / 1024)} MB.`,
} as const;

const DATA_URL = /^data:image\/(png|jpeg|jpg);base64,([A-Za-z0-9+/]+={0,2})$/;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

interface DecodedImage {
  ext: 'png' | 'jpg';
  bytes: Buffer;
}

/** A data URL's bytes, accepted only when they are what the URL says (magic bytes) and not too large. */
export function decodeImage(dataUrl: string, index: number): DecodedImage {
  const match = DATA_URL.exec(dataUrl);
  if (!match) throw new AppError('BAD_REQUEST', AUTO_PRINT_MESSAGES.notDataUrl(index));
  // base64 → bytes is 3/4; checked before decoding so that a huge string is not decoded at all.
  if ((match[2].length * 3) / 4 > AUTO_PRINT_MAX_IMAGE_BYTES + 2) {
    throw new AppError('BAD_REQUEST', AUTO_PRINT_MESSAGES.tooLarge(index));
  }
  const bytes = Buffer.from(match[2], 'base64');
  if (bytes.length > AUTO_PRINT_MAX_IMAGE_BYTES) throw new AppError('BAD_REQUEST', AUTO_PRINT_MESSAGES.tooLarge(index));
  const png = match[1] === 'png';
  const magic = png ? PNG : JPEG;
  if (!bytes.subarray(0, magic.length).equals(magic)) {
    throw new AppError('BAD_REQUEST', AUTO_PRINT_MESSAGES.wrongContent(index));
  }
  return { ext: png ? 'png' : 'jpg', bytes };
}

/** What the files module needs to know of the report registry. */
export interface AutoPrintReports {
  /** undefined: no such report; else whether it may auto-print. */
  canAutoPrint(name: string): boolean | undefined;
}

// `20261123T160512123Z`: sorts by time, safe as a file name on every system.
const stamp = (now: Date) => now.toISOString().replace(/[-:.]/g, '');

/**
 * `PUT api/v1/file/auto-print-image` (spec 1 §7): the label images a client rendered for a
 * report that can auto-print, stored for the label printer's spooler. Operators only (not
 * read-only users): printing labels is part of recording samples.
 */
export function createAutoPrintImages(deps: { storage: FileStorage; reports: AutoPrintReports; now?: () => Date }) {
  function assertMayPrint(user: PermissionHolder): void {
    if (!hasRole(user.roles, 'operator') || isReadOnly(user.roles)) {
      throw new AppError('FORBIDDEN', AUTO_PRINT_MESSAGES.notAllowed);
    }
  }
  return {
    assertMayPrint,

    async save(user: PermissionHolder, body: AutoPrintBody): Promise<string[]> {
      assertMayPrint(user);
      const printable = deps.reports.canAutoPrint(body.reportName);
      if (printable === undefined)
        throw new AppError('BAD_REQUEST', AUTO_PRINT_MESSAGES.unknownReport(body.reportName));
      if (!printable) throw new AppError('BAD_REQUEST', AUTO_PRINT_MESSAGES.cannotAutoPrint(body.reportName));
      // Every image is checked before the first is stored: all are saved or none.
      const images = body.images.map((image, index) => decodeImage(image, index));
      const prefix = `${AUTO_PRINT_FOLDER}/${body.reportName}/${stamp((deps.now ?? (() => new Date()))())}`;
      const saved: string[] = [];
      for (const [index, image] of images.entries()) {
        const key = `${prefix}-${String(index + 1)}.${image.ext}`;
        await deps.storage.put(key, image.bytes, { exclusive: true });
        saved.push(key);
      }
      return saved;
    },
  };
}

export type AutoPrintImages = ReturnType<typeof createAutoPrintImages>;
