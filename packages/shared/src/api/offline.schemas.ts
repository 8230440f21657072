import { z } from 'zod';

/**
 * Offline work (issue 22): the client's queue of operations, replayed in order by `POST api/v1/sync`,
 * and the scope a client keeps offline (`GET api/v1/offline/scope`).
 */

/** The most operations one upload may carry (a longer queue goes in several uploads). */
export const SYNC_BATCH_MAX = 1000;

export const SYNC_ACTIONS = ['create', 'update', 'delete'] as const;
export type SyncAction = (typeof SYNC_ACTIONS)[number];

const clientId = z.string().min(1).max(100);
const recordId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * One queued operation. `form` (a form name) or `model` (a model full name) names the records.
 * `tempId`: the client's id of the record a create makes; `id`: the record an update or delete
 * changes, a real id or the tempId of a record created earlier. In `values`, an id column (parent,
 * reference) may hold a tempId too. `baseVersion`: the record's version when the client took it
 * offline (absent: no conflict check); `force`: write over a newer server version.
 */
export const syncOperationSchema = z
  .object({
    opId: clientId,
    form: z.string().min(1).max(200).optional(),
    model: z.string().min(1).max(200).optional(),
    action: z.enum(SYNC_ACTIONS),
    tempId: clientId.optional(),
    id: z.union([recordId, clientId]).optional(),
    baseVersion: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    values: z.record(z.string(), z.unknown()).optional(),
    force: z.boolean().optional(),
  })
  .refine((op) => (op.form === undefined) !== (op.model === undefined), {
    message: 'Name either a form or a model.',
    path: ['form'],
  })
  .refine((op) => op.action === 'create' || op.id !== undefined, {
    message: 'An update or delete names the record (id).',
    path: ['id'],
  });
export type SyncOperation = z.infer<typeof syncOperationSchema>;

export const syncRequestSchema = z.object({
  operations: z.array(syncOperationSchema).min(1).max(SYNC_BATCH_MAX),
});
export type SyncRequest = z.infer<typeof syncRequestSchema>;

/**
 * What became of one operation:
 * - `applied`: written now (`record`, `version` as the server has them);
 * - `duplicate`: applied by an earlier upload; the answer it got then;
 * - `conflict`: the record changed on the server since `baseVersion`: nothing written; the server's
 *   `record`, `version` and the fields changed since (`serverChanges`);
 * - `invalid`: refused by validation (`errors`) or a rule (`message`); nothing written;
 * - `gone`: the record no longer exists on the server (deleted meanwhile);
 * - `forbidden`: the user may not do this;
 * - `skipped`: it names a tempId the server does not know (its create failed or is not uploaded).
 */
export const SYNC_STATUSES = ['applied', 'duplicate', 'conflict', 'invalid', 'gone', 'forbidden', 'skipped'] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];

export const syncResultSchema = z.object({
  opId: z.string(),
  status: z.enum(SYNC_STATUSES),
  id: z.number().int().optional(),
  tempId: z.string().optional(),
  record: z.record(z.string(), z.unknown()).optional(),
  version: z.number().int().optional(),
  serverChanges: z.array(z.string()).optional(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  message: z.string().optional(),
});
export type SyncResult = z.infer<typeof syncResultSchema>;

export const syncResponseSchema = z.object({
  results: z.array(syncResultSchema),
  /** Every tempId this upload (or an earlier one) mapped to a real id. */
  idMap: z.record(z.string(), z.number().int()),
});
export type SyncResponse = z.infer<typeof syncResponseSchema>;

/** `GET api/v1/offline/scope?form=hole&id=5`: a record and everything below it. */
export const offlineScopeQuerySchema = z.object({
  form: z.string().min(1).max(200),
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  estimate: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((value) => value === '1' || value === 'true'),
});
export type OfflineScopeQuery = z.output<typeof offlineScopeQuerySchema>;

const recordsOfForm = z.object({
  form: z.string(),
  model: z.string(),
  records: z.array(z.record(z.string(), z.unknown())),
  /** Record id → version (the newest history entry's id; 0: no history). */
  versions: z.record(z.string(), z.number().int()),
});

export const offlineScopeSchema = z.object({
  root: z.object({ form: z.string(), id: z.number().int() }),
  takenAt: z.string(),
  forms: z.array(z.record(z.string(), z.unknown())),
  models: z.array(z.record(z.string(), z.unknown())),
  records: z.array(recordsOfForm),
  valueLists: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});
export type OfflineScope = z.infer<typeof offlineScopeSchema>;

export const offlineScopeEstimateSchema = z.object({
  root: z.object({ form: z.string(), id: z.number().int() }),
  rows: z.record(z.string(), z.number().int()),
  totalRows: z.number().int(),
  /** A rough size of the download (bytes of JSON), from a sample of each form's records. */
  bytes: z.number().int(),
});
export type OfflineScopeEstimate = z.infer<typeof offlineScopeEstimateSchema>;
