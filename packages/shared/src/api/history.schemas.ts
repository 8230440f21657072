import { z } from 'zod';
import { PAGE_MAX } from './list-rules';
import { listSchema, pageQuerySchema } from './list.schemas';

/** `link` / `unlink`: a many-to-many link of the record to another record was added / removed. */
export const HISTORY_ACTIONS = ['create', 'update', 'delete', 'link', 'unlink'] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** The largest page of the history and the audit (they never answer a whole list at once). */
export const HISTORY_PER_PAGE_MAX = 500;

const id = z.coerce.number().int().positive().max(PAGE_MAX);
const model = z.string().min(1).max(200);
const page = pageQuerySchema.shape.page.pipe(z.number().int().min(1, 'must be 1 or more.'));
const perPage = pageQuerySchema.shape['per-page'].pipe(
  z.number().int().min(1, 'must be 1 or more.').max(HISTORY_PER_PAGE_MAX, `must be at most ${HISTORY_PER_PAGE_MAX}.`),
);

/**
 * One written record: `changes` is the record (create, delete), `{ column: [before, after] }`
 * (update), in storage form (column names, stored values), or `{ column: { id, display } }` (link,
 * unlink: the many-to-many column and the partner record, `display` its display column's value).
 */
export const historyEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.enum(HISTORY_ACTIONS),
  model: z.string(),
  recordId: z.number().int(),
  user: z.object({ id: z.number().int().nullable(), name: z.string().nullable() }),
  batchId: z.string().nullable(),
  route: z.string().nullable(),
  client: z.string().nullable(),
  changes: z.record(z.string(), z.unknown()),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
export const historyListSchema = listSchema(historyEntrySchema);
export type HistoryList = z.infer<typeof historyListSchema>;

/** `GET api/v1/history?model=ProjectHole&id=5`: one record's timeline, newest first. */
export const historyQuerySchema = z.object({ model, id, page, 'per-page': perPage });
export type HistoryQuery = z.output<typeof historyQuerySchema>;

/** `GET api/v1/history/deleted?model=CoreSection&q=5054_1_A_1_1`: deleted records by id, combined id or IGSN. */
export const deletedQuerySchema = z.object({
  model,
  q: z.string().trim().min(1, 'Please enter an id, a combined id or an IGSN.').max(200),
});
export type DeletedQuery = z.output<typeof deletedQuerySchema>;
/** The deletions found, newest first, one per record: restore one with `POST api/v1/history/{id}/restore`. */
export const deletedListSchema = z.object({ items: z.array(historyEntrySchema) });
export type DeletedList = z.infer<typeof deletedListSchema>;

const isoTime = z
  .string()
  .regex(
    /^\d{4}-\d\d-\d\d([T ]\d\d:\d\d(:\d\d(\.\d{1,3})?)?Z?)?$/,
    'must be a date (YYYY-MM-DD) or a UTC time (YYYY-MM-DDTHH:mm).',
  )
  .transform((value) => value.replace(' ', 'T').replace(/Z$/, ''));

/** `GET api/v1/audit?user&model&record&action&batch&from&to`: every written record, newest first. */
export const auditQuerySchema = z.object({
  user: id.optional(),
  model: model.optional(),
  record: id.optional(),
  action: z.enum(HISTORY_ACTIONS).optional(),
  batch: z.string().min(1).max(40).optional(),
  from: isoTime.optional().describe('UTC, inclusive: YYYY-MM-DD or YYYY-MM-DDTHH:mm.'),
  to: isoTime.optional().describe('UTC, exclusive: YYYY-MM-DD or YYYY-MM-DDTHH:mm.'),
  page,
  'per-page': perPage,
});
export type AuditQuery = z.output<typeof auditQuerySchema>;
