import {
  type FieldError,
  MESSAGE_MESSAGES,
  type MessageImageInput,
  parseImageDataUrl,
  validationError,
} from '@mdis/shared';
import type { Db } from '../../infra/db/schema';
import type { MessagesRepository } from './messages.repository';

// The first bytes of each accepted type: a data URL that claims image/png must hold a PNG, so
// the image route never serves something else under an image type.
const SIGNATURES: Partial<Record<string, (bytes: Buffer) => boolean>> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => b.subarray(0, 4).toString('latin1') === 'GIF8',
  'image/webp': (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

function decodedImage(dataUrl: string): { mimeType: string; base64: string } | null {
  const parsed = parseImageDataUrl(dataUrl);
  if (!parsed) return null;
  const matches = SIGNATURES[parsed.mimeType];
  return matches?.(Buffer.from(parsed.base64, 'base64')) ? parsed : null;
}

/** The image URL the client shows (relative, like the web app's API base). */
export const messageImageUrl = (imageId: number): string => `api/v1/messages/image/${String(imageId)}`;

/**
 * Replaces a message's images by `images` in the order given: kept ones (by image_id, which must
 * belong to this message) get their new caption and place, new ones are stored, the rest deleted.
 */
export async function saveMessageImages(
  messages: MessagesRepository,
  trx: Db,
  messageId: number,
  images: readonly MessageImageInput[],
): Promise<void> {
  const own = new Set((await messages.imagesOf([messageId], trx)).map((image) => image.id));
  const errors: FieldError[] = [];
  const decoded = images.map((image, index) => {
    if (image.image_id !== undefined) {
      if (!own.has(image.image_id))
        errors.push({ field: `images.${String(index)}.image_id`, message: MESSAGE_MESSAGES.imageUnknown });
      return null;
    }
    const parsed = decodedImage(image.data ?? '');
    if (!parsed) errors.push({ field: `images.${String(index)}.data`, message: MESSAGE_MESSAGES.imageInvalid });
    return parsed;
  });
  if (errors.length > 0) throw validationError(errors);
  const kept = images.flatMap((image) => (image.image_id === undefined ? [] : [image.image_id]));
  await messages.deleteImagesExcept(messageId, kept, trx);
  for (const [position, image] of images.entries()) {
    const data = decoded[position];
    if (image.image_id !== undefined) {
      await messages.updateImage(image.image_id, { position, caption: image.caption }, trx);
    } else if (data) {
      const values = { message_id: messageId, position, caption: image.caption };
      await messages.insertImage({ ...values, mime_type: data.mimeType, data: data.base64 }, trx);
    }
  }
}
