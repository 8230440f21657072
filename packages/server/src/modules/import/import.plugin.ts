import fastifyMultipart from '@fastify/multipart';
import { AppError, type ImportProgress, type ImportResult, type ImportStep } from '@mdis/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authorizeFirst, currentUser } from '../../infra/auth/access-control';
import { type UploadLimits, spoolUpload } from '../files/multipart-upload';
import type { ImportRequest } from './import-run';
import { type ImportService, mayImport } from './import.service';
import { NOT_ALLOWED } from '../../engine/records/record-access';
import { countRows, kindOfFile } from './readers/table-reader';

export interface ImportPluginOptions {
  imports: ImportService;
  limits: UploadLimits;
}

const tags = ['import'];
// Operator and above, or a form's edit permission, or limited edit access; which form and which
// rows the service checks once the request is read (the form is a field of the multipart body).
const editors = {
  config: { access: 'user' as const },
  preValidation: authorizeFirst((user) => {
    if (!mayImport(user)) throw new AppError('FORBIDDEN', NOT_ALLOWED);
  }),
};

const badRequest = (message: string) => new AppError('BAD_REQUEST', message);

function parseMapping(text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('The mapping is not valid: it must be a JSON object of file headers and column names.');
  }
}

/** The multipart input of preview and commit, spooled to disk; `run` gets it, the spool goes afterwards. */
async function withUpload<T>(
  request: Parameters<typeof currentUser>[0],
  limits: UploadLimits,
  run: (input: ImportRequest) => Promise<T>,
): Promise<T> {
  const upload = await spoolUpload(request, limits);
  try {
    const { fields } = upload;
    const file = upload.files.find((f) => f.size > 0) ?? upload.files.at(0);
    if (!file) throw badRequest('The request has no file: send it in the field `file`.');
    if (!fields.form) throw badRequest('The request names no form: send its name in the field `form`.');
    const mode = fields.mode ?? 'insert';
    if (mode !== 'insert' && mode !== 'upsert')
      throw badRequest(`The mode '${mode}' is unknown: use insert or upsert.`);
    const user = currentUser(request);
    const mapping = parseMapping(fields.mapping);
    return await run({
      user,
      form: fields.form,
      file: { path: file.path, kind: await kindOfFile(file.path, file.originalName) },
      ...(fields.sheet ? { sheet: fields.sheet } : {}),
      mode,
      ...(mapping === undefined ? {} : { mapping }),
    });
  } finally {
    await upload.cleanup();
  }
}

/**
 * Server-sent events of a commit: `progress` while rows are written (with its `step` after them:
 * removing them, building indexes), then `result` (or `error`).
 */
async function streamCommit(reply: FastifyReply, imports: ImportService, input: ImportRequest): Promise<void> {
  const send = (event: string, data: unknown) => reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  reply.hijack();
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  try {
    const total = await countRows(input.file.path, input.file.kind, input.sheet);
    const progress = (done: number) => send('progress', { done, total } satisfies ImportProgress);
    const onStep = (step: ImportStep, done: number) => send('progress', { done, total, step } satisfies ImportProgress);
    progress(0);
    const result = await imports.commit(input, progress, { onStep });
    if (result.ok) {
      const answer: ImportResult = { batchId: result.batchId, counts: result.counts, filter: result.filter };
      send('result', { status: 200, ...answer });
    } else send('result', { status: 422, counts: result.counts, errors: result.errors });
  } catch (error) {
    const status = error instanceof AppError ? error.status : 500;
    const message = error instanceof AppError ? error.message : 'An internal server error occurred.';
    send('error', { name: 'Error', message, code: 0, status });
  }
  reply.raw.end();
}

/** Import into any form (issue 20): preview, commit, undo, and each user's saved mapping per form. */
export const importPlugin: FastifyPluginAsyncZod<ImportPluginOptions> = async (app, { imports, limits }) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: limits.maxFileBytes, files: 1, fields: 10, fieldSize: 256 * 1024 },
  });

  app.post(
    '/preview',
    {
      ...editors,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        querystring: z.object({ format: z.enum(['json', 'csv']).optional() }),
      },
    },
    async (request, reply) =>
      withUpload(request, limits, async (input) => {
        if (request.query.format !== 'csv') return imports.preview(input);
        const csv = await imports.previewCsv(input);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="import-errors.csv"')
          .send(csv);
      }),
  );

  app.post('/commit', { ...editors, schema: { tags, consumes: ['multipart/form-data'] } }, async (request, reply) =>
    withUpload(request, limits, async (input) => {
      if ((request.headers.accept ?? '').includes('text/event-stream')) return streamCommit(reply, imports, input);
      const result = await imports.commit(input);
      if (!result.ok) return reply.code(422).send({ counts: result.counts, errors: result.errors });
      return { batchId: result.batchId, counts: result.counts, filter: result.filter } satisfies ImportResult;
    }),
  );

  app.post(
    '/:batchId/undo',
    { ...editors, schema: { tags, params: z.object({ batchId: z.string().min(1).max(40) }) } },
    (request) => imports.undo(currentUser(request), request.params.batchId),
  );

  const formParams = z.object({ form: z.string().min(1).max(255) });
  app.get('/mappings/:form', { ...editors, schema: { tags, params: formParams } }, (request) =>
    imports.mapping(currentUser(request), request.params.form),
  );
  app.put(
    '/mappings/:form',
    {
      ...editors,
      schema: { tags, params: formParams, body: z.object({ mapping: z.record(z.string(), z.string().nullable()) }) },
    },
    (request) => imports.saveMapping(currentUser(request), request.params.form, request.body.mapping),
  );
};
