import { z } from 'zod';
import { pageQuerySchema } from './list.schemas';

/** Posts load this many per page on the dashboard (spec 2 §9). */
export const POSTS_PAGE_SIZE = 5;
export const POST_TEXT_MAX_LENGTH = 10_000;

/** A dashboard post (spec 2 §3). `created_at` is in seconds, as the original sends it. */
export const postSchema = z.object({
  id: z.number().int(),
  /** The author's name (or username) when the post was written. */
  author: z.string(),
  author_id: z.number().int().nullable(),
  text: z.string(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  /** Whether the caller may edit and delete it: its author, a developer or an administrator. */
  canEdit: z.boolean(),
});
export type Post = z.infer<typeof postSchema>;

export const POST_MESSAGES = {
  textRequired: 'Text cannot be blank.',
  textTooLong: `Text should contain at most ${POST_TEXT_MAX_LENGTH} characters.`,
  notFound: 'Post not found.',
} as const;

export const postBodySchema = z.object({
  text: z
    .string(POST_MESSAGES.textRequired)
    .trim()
    .min(1, POST_MESSAGES.textRequired)
    .max(POST_TEXT_MAX_LENGTH, POST_MESSAGES.textTooLong),
});
export type PostBody = z.infer<typeof postBodySchema>;

/** `GET api/v1/posts?per-page=5&sort=-created_at&page=2`. */
export const postListQuerySchema = pageQuerySchema;
