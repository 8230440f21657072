import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authorizeFirst, currentUser } from '../../infra/auth/access-control';
import type { RecordAction } from '../../engine/records/record-access';
import type { RecordsService } from '../../engine/records/records.service';
import {
  AUTO_PRINT_BODY_LIMIT,
  type AutoPrintImages,
  autoPrintAnswerSchema,
  autoPrintBodySchema,
} from './auto-print-images';
import type { FileContent } from './file-content';
import type { FileParents } from './file-parents';
import { FILES_FORM, fileScope } from './files-access';
import type { FilesService } from './files.service';
import {
  assignBodySchema,
  deleteAnswerSchema,
  deleteBodySchema,
  fileIdParamsSchema,
  fileListQuerySchema,
  fileListSchema,
  fileRecordSchema,
  filesAnswerSchema,
  metaDataQuerySchema,
  metaDataSchema,
  selectValuesQuerySchema,
  selectValuesSchema,
} from './files.schemas';
import { spoolUpload, type UploadLimits } from './multipart-upload';
import type { UploadOnce } from './upload-once';

export interface FilesPluginOptions {
  files: FilesService;
  content: FileContent;
  parents: FileParents;
  records: RecordsService;
  autoPrint: AutoPrintImages;
  uploadOnce: UploadOnce;
  /** The largest file, and all files, one upload may carry; where it is spooled. */
  limits: UploadLimits;
}

// Signed-in users reach every route; the service decides per form and record (files form
// permissions, the permission of the record a file belongs to, limited access).
const user = { access: 'user' } as const;
const tags = ['files'];

/**
 * Whether the user may view or change any files at all (files-access.ts), before the input is
 * validated or a file looked up: who may not learns nothing, whatever it sent.
 */
const filesFirst = (action: RecordAction) => ({
  config: user,
  preValidation: authorizeFirst((actor) => fileScope(actor, action)),
});
const viewers = filesFirst('view');
const editors = filesFirst('edit');

type FilesApp = Parameters<FastifyPluginAsyncZod<FilesPluginOptions>>[0];

/** POST upload: multipart, refused before a byte of the body is read when the user may not upload. */
function registerUploadRoute(app: FilesApp, files: FilesService, uploadOnce: UploadOnce, limits: UploadLimits): void {
  app.post(
    '/upload',
    { ...editors, schema: { tags, consumes: ['multipart/form-data'], response: { 201: filesAnswerSchema } } },
    async (request, reply) => {
      const upload = await spoolUpload(request, limits);
      try {
        const { fields } = upload;
        const user = currentUser(request);
        // an upload queued offline names its operation: a repeated one answers the first's file
        const items = await uploadOnce(user.id, fields.opId, () =>
          files.upload(user, upload.files, {
            type: (fields.type ?? '').trim() || 'UN',
            uploadPath: fields.uploadPath,
            record: fields,
            ...(fields.analyst ? { analyst: fields.analyst } : {}),
          }),
        );
        return await reply.code(201).send({ items });
      } finally {
        await upload.cleanup();
      }
    },
  );
}

/** The files API (`api/v1/file`, spec 1 §7): list, upload, assign, unassign, delete, meta-data. */
export const filesPlugin: FastifyPluginAsyncZod<FilesPluginOptions> = async (app, options) => {
  const { files, content, parents, records, autoPrint, uploadOnce, limits } = options;
  const fileSize = limits.maxFileBytes;
  await app.register(fastifyMultipart, { limits: { fileSize, files: 50, fields: 50, fieldSize: 64 * 1024 } });

  app.get(
    '/',
    { ...viewers, schema: { tags, querystring: fileListQuerySchema, response: { 200: fileListSchema } } },
    (request) => records.list(currentUser(request), { kind: 'form', name: FILES_FORM }, request.query),
  );

  app.get(
    '/update-select-values',
    { ...viewers, schema: { tags, querystring: selectValuesQuerySchema, response: { 200: selectValuesSchema } } },
    (request) => parents.selectValues(currentUser(request), request.query.name, request.query.value),
  );

  registerUploadRoute(app, files, uploadOnce, limits);

  app.post(
    '/assign',
    { ...editors, schema: { tags, body: assignBodySchema, response: { 200: filesAnswerSchema } } },
    async (request) => ({ items: await files.assign(currentUser(request), request.body) }),
  );

  app.put(
    '/unassign/:id',
    { ...editors, schema: { tags, params: fileIdParamsSchema, response: { 200: fileRecordSchema } } },
    (request) => files.unassign(currentUser(request), request.params.id),
  );

  app.post(
    '/delete',
    { ...editors, schema: { tags, body: deleteBodySchema, response: { 200: deleteAnswerSchema } } },
    async (request) => ({ deleted: await files.remove(currentUser(request), request.body.ids) }),
  );

  // Label images for the printer's spooler (auto-print-images.ts); larger than the default body limit.
  app.put(
    '/auto-print-image',
    {
      config: user,
      preValidation: authorizeFirst((actor) => autoPrint.assertMayPrint(actor)),
      bodyLimit: AUTO_PRINT_BODY_LIMIT,
      schema: { tags, body: autoPrintBodySchema, response: { 200: autoPrintAnswerSchema } },
    },
    async (request) => ({ saved: await autoPrint.save(currentUser(request), request.body) }),
  );

  app.get(
    '/meta-data',
    { ...viewers, schema: { tags, querystring: metaDataQuerySchema, response: { 200: metaDataSchema } } },
    (request) => content.metadata(currentUser(request), request.query.filename),
  );
};
