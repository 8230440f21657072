import { z } from 'zod';

/** `_meta` of every list answer (Yii's pagination envelope). */
export const listMetaSchema = z.object({
  totalCount: z.number().int(),
  pageCount: z.number().int(),
  currentPage: z.number().int(),
  perPage: z.number().int(),
});
export type ListMeta = z.infer<typeof listMetaSchema>;

/** `{ items, _meta }` around any item schema. */
export function listSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), _meta: listMetaSchema });
}

/** `page` (1-based; -1 = all) and `per-page` (default 20; -1 or 0 = all) of every list call. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(-1).default(1),
  'per-page': z.coerce.number().int().min(-1).max(999_999_999_999).default(20),
  sort: z.string().optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;
