import { Readable } from 'node:stream';
import {
  auditQuerySchema,
  deletedListSchema,
  deletedQuerySchema,
  type HistoryEntry,
  historyListSchema,
  historyQuerySchema,
} from '@mdis/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authorizeFirst, currentUser } from '../../infra/auth/access-control';
import { csvLines } from '../../infra/http/csv';
import type { Db } from '../../infra/db/schema';
import { registerHistoryRetention } from './history-retention';
import type { HistoryService } from './history.service';

export interface HistoryPluginOptions {
  history: HistoryService;
  /** MDIS_HISTORY_KEEP_DAYS: removes old update rows while the app runs (unset: kept forever). */
  retention: { db: Db; keepDays: number | undefined };
}

const tags = ['history'];
const recordSchema = z.record(z.string(), z.unknown());
const entryParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const restoreBody = z.object({
  fields: z
    .array(z.string().min(1).max(200))
    .min(1)
    .max(500)
    .optional()
    .describe('Only these fields (default: every field that differs from that version).'),
  to: z
    .enum(['after', 'before'])
    .optional()
    .describe('`after` (default): the record as the entry left it; `before`: as it was before that change.'),
});

// The audit shows every user's work: administrators only (issue 21 §4).
const administrators = { access: { role: 'administrator' } } as const;

const AUDIT_CSV_HEADER = [
  'id',
  'at',
  'user id',
  'user',
  'action',
  'model',
  'record id',
  'changes',
  'batch',
  'route',
  'client',
];

function auditLine(entry: HistoryEntry): unknown[] {
  const { id, at, user, action, model, recordId, changes, batchId, route, client } = entry;
  return [id, at, user.id, user.name, action, model, recordId, JSON.stringify(changes), batchId, route, client];
}

/**
 * `GET api/v1/history?model&id` (who may view the record), `GET api/v1/history/deleted?model&q`
 * (who may view every record of the model), `POST api/v1/history/:id/restore` (who may edit it; the
 * records pipeline decides; a deletion's entry creates the record again), `GET api/v1/audit` and its
 * CSV (administrators).
 */
export const historyPlugin: FastifyPluginCallbackZod<HistoryPluginOptions> = (app, { history, retention }, done) => {
  registerHistoryRetention(app, retention.db, retention.keepDays);
  app.get(
    '/history',
    {
      config: { access: 'user' },
      schema: { tags, querystring: historyQuerySchema, response: { 200: historyListSchema } },
    },
    (request) => history.forRecord(currentUser(request), request.query),
  );

  app.get(
    '/history/deleted',
    {
      config: { access: 'user' },
      // Who may not view every record of the model (limited users) gets 403 before the query is looked at.
      preValidation: authorizeFirst(async (user, request) => {
        const model = (request.query as { model?: unknown }).model;
        if (typeof model === 'string' && model.length > 0) await history.authorizeDeleted(user, model);
      }),
      schema: { tags, querystring: deletedQuerySchema, response: { 200: deletedListSchema } },
    },
    async (request) => ({ items: await history.deleted(currentUser(request), request.query.model, request.query.q) }),
  );

  app.post(
    '/history/:id/restore',
    {
      config: { access: 'user' },
      // Who may not edit the record gets its 403 before the body is looked at.
      preValidation: authorizeFirst(async (user, request) => {
        const id = Number((request.params as { id?: unknown }).id);
        if (!Number.isSafeInteger(id) || id < 1) return;
        await history.authorizeRestore(user, id);
      }),
      schema: { tags, params: entryParams, body: restoreBody.nullish(), response: { 200: recordSchema } },
    },
    (request) => history.restore(currentUser(request), request.params.id, request.body?.fields, request.body?.to),
  );

  app.get(
    '/audit',
    { config: administrators, schema: { tags, querystring: auditQuerySchema, response: { 200: historyListSchema } } },
    (request) => history.audit(currentUser(request), request.query),
  );

  app.get(
    '/audit/export',
    { config: administrators, schema: { tags, querystring: auditQuerySchema } },
    (request, reply) => {
      const rows = async function* (entries: AsyncIterable<HistoryEntry[]>) {
        yield csvLines([AUDIT_CSV_HEADER]);
        for await (const batch of entries) yield csvLines(batch.map(auditLine));
      };
      // Streamed in batches: an audit of millions of rows never sits whole in memory.
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit.csv"')
        .send(Readable.from(rows(history.auditBatches(currentUser(request), request.query))));
    },
  );
  done();
};
