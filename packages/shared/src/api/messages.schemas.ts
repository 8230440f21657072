import { z } from 'zod';
import { pageQuerySchema } from './list.schemas';

/** The latest message is one item sorted by -date (spec 2 §4). */
export const LATEST_MESSAGE_QUERY = { 'per-page': 1, sort: '-date' } as const;
export const MESSAGE_TEXT_MAX_LENGTH = 20_000;
export const MESSAGE_IMAGES_MAX = 10;
/** A message with its images (each scaled to fit 1920×1080 by the client) may be this large. */
export const MESSAGE_BODY_LIMIT_BYTES = 24 * 1024 * 1024;
export const MESSAGE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export const MESSAGE_MESSAGES = {
  /** The client's warning for a 422 on save (spec 2 §8), followed by the field list. */
  notValid: 'Message is not valid.',
  messageRequired: 'Message cannot be blank.',
  messageTooLong: `Message should contain at most ${MESSAGE_TEXT_MAX_LENGTH} characters.`,
  dateInvalid: 'Date must be a valid date (YYYY-MM-DD).',
  imageInvalid: 'Image must be a PNG, JPEG, GIF or WebP data URL.',
  imageUnknown: 'Image not found.',
  tooManyImages: `A message may hold at most ${MESSAGE_IMAGES_MAX} images.`,
  captionTooLong: 'Caption should contain at most 255 characters.',
  notFound: 'Message not found.',
  /** The message of day widget's calendar without any message (spec 2 §2). */
  emptyCalendar: 'No messages were written yet. Use the form to create a new one',
} as const;

/** YYYY-MM-DD that is a real calendar day. */
export const isoDateSchema = z
  .string(MESSAGE_MESSAGES.dateInvalid)
  .regex(/^\d{4}-\d{2}-\d{2}$/, MESSAGE_MESSAGES.dateInvalid)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, MESSAGE_MESSAGES.dateInvalid);

/** An image of a stored message: `url` serves it (the session cookie authenticates an `<img>`). */
export const messageImageSchema = z.object({
  image_id: z.number().int(),
  caption: z.string(),
  url: z.string(),
});
export type MessageImage = z.infer<typeof messageImageSchema>;

/** A message of the day (spec 2 §3). */
export const messageSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  message: z.string(),
  images: z.array(messageImageSchema),
  author: z.string(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  canEdit: z.boolean(),
});
export type Message = z.infer<typeof messageSchema>;

const caption = z.string().trim().max(255, MESSAGE_MESSAGES.captionTooLong).default('');
const DATA_URL = /^data:(image\/(?:png|jpeg|gif|webp));base64,([A-Za-z0-9+/]+={0,2})$/;

/** An image in a save: a new one as a data URL (`data`), or a kept one by its `image_id`. */
export const messageImageInputSchema = z
  .object({
    data: z.string().regex(DATA_URL, MESSAGE_MESSAGES.imageInvalid).optional(),
    image_id: z.number().int().positive().optional(),
    caption,
  })
  .refine((image) => (image.data === undefined) !== (image.image_id === undefined), {
    message: MESSAGE_MESSAGES.imageInvalid,
    path: ['data'],
  });
export type MessageImageInput = z.infer<typeof messageImageInputSchema>;

/** Splits an image data URL into its type and base64 payload (null when it is not one). */
export function parseImageDataUrl(dataUrl: string): { mimeType: string; base64: string } | null {
  const match = DATA_URL.exec(dataUrl);
  return match?.[1] && match[2] ? { mimeType: match[1], base64: match[2] } : null;
}

/** `POST api/v1/messages` and `PUT api/v1/messages/{id}` (the whole message model). */
export const messageBodySchema = z.object({
  message: z
    .string(MESSAGE_MESSAGES.messageRequired)
    .trim()
    .min(1, MESSAGE_MESSAGES.messageRequired)
    .max(MESSAGE_TEXT_MAX_LENGTH, MESSAGE_MESSAGES.messageTooLong),
  date: isoDateSchema,
  images: z.array(messageImageInputSchema).max(MESSAGE_IMAGES_MAX, MESSAGE_MESSAGES.tooManyImages).default([]),
});
export type MessageBody = z.infer<typeof messageBodySchema>;
export type MessageBodyInput = z.input<typeof messageBodySchema>;

/**
 * `GET api/v1/messages?per-page&sort&filter[date][gt]=2026-11-01&filter[date][lt]=2026-12-01`: the
 * calendar asks for one month (both bounds exclusive), the widget for the latest one.
 */
export const messageListQuerySchema = pageQuerySchema.extend({
  'filter[date][gt]': isoDateSchema.optional(),
  'filter[date][lt]': isoDateSchema.optional(),
});
export type MessageListQuery = z.infer<typeof messageListQuerySchema>;

/** `GET api/v1/app/get-messages?date=YYYY-MM-DD`: the messages of that day (default: today, UTC). */
export const welcomeMessagesQuerySchema = z.object({ date: isoDateSchema.optional() });
