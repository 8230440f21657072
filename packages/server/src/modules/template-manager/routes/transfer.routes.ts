import fastifyMultipart from '@fastify/multipart';
import { AppError, validationError } from '@mdis/shared';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readingMultipart } from '../../../infra/http/multipart-errors';
import { assertUploadType, type UploadedFile } from '../template-transfer';
import { developerRead, developerWrite, tags, template, templateType, type CgRoutes } from './route-options';

const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const uploadResult = z.object({
  type: z.enum(['zip', 'model', 'form']),
  models: z.array(z.string()),
  forms: z.array(z.string()),
});
const upload = { tags, consumes: ['multipart/form-data'], response: { 200: uploadResult } };

/** The one file of a multipart request: zip or JSON only (spec 3 §5). */
async function singleFile(request: FastifyRequest): Promise<UploadedFile> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload the template as multipart/form-data with one file.');
  const files: UploadedFile[] = [];
  // Two at most are read (the limit): enough to tell that more than one was sent. A body without
  // a boundary or cut short is a 400 (multipart-errors.ts).
  await readingMultipart(async () => {
    for await (const part of request.files({ limits: { files: 2, fileSize: MAX_UPLOAD_BYTES } }))
      files.push({ filename: part.filename, mimetype: part.mimetype, data: await part.toBuffer() });
  });
  const file = files.at(0);
  if (!file) throw validationError([{ field: 'file', message: 'No file was uploaded.' }]);
  if (files.length > 1) throw validationError([{ field: 'file', message: 'Only one file can be uploaded at a time.' }]);
  assertUploadType(file);
  return file;
}

/** Duplicate, upload (with its verify calls) and download of templates. */
export const transferRoutes: CgRoutes = (app, service) => {
  const duplicateQuery = z.object({ type: templateType, oldName: z.string().min(1), newName: z.string() });
  app.post(
    '/duplicate',
    { ...developerWrite, schema: { tags, querystring: duplicateQuery, response: { 201: template } } },
    async (request, reply) => {
      const { type, oldName, newName } = request.query;
      return reply.code(201).send(await service.duplicate(type, oldName, newName));
    },
  );
  // The original's client duplicates with GET (answer 200). It writes, so the session cookie (GET
  // reads opened by URL) does not count here: the bearer header only, as for every other write.
  app.get(
    '/duplicate',
    {
      ...developerWrite,
      config: { ...developerWrite.config, cookieAuth: false },
      schema: { tags, querystring: duplicateQuery, response: { 200: template } },
    },
    async (request) => {
      const { type, oldName, newName } = request.query;
      return service.duplicate(type, oldName, newName);
    },
  );

  app.get(
    '/download',
    { ...developerRead, schema: { tags, querystring: z.object({ type: templateType, name: z.string().min(1) }) } },
    async (request, reply) => {
      const { filename, data } = await service.transfer.download(request.query.type, request.query.name);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(data);
    },
  );

  // Multipart parsing only for these routes: the rest of the API stays JSON.
  void app.register((plain, _options, done) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    void scope.register(fastifyMultipart, { limits: { files: 2, fileSize: MAX_UPLOAD_BYTES, fields: 10 } });
    scope.after(() => {
      // overwrite=1: templates whose names exist are replaced (the client asks first); else refused, kind 'exists'.
      const overwriteQuery = z.object({ overwrite: z.enum(['0', '1']).optional() });
      scope.post(
        '/upload',
        { ...developerWrite, schema: { ...upload, querystring: overwriteQuery } },
        async (request) =>
          service.transfer.upload(await singleFile(request), undefined, request.query.overwrite === '1'),
      );
      scope.post(
        '/verify-uploaded-template',
        {
          ...developerWrite,
          schema: { ...upload, querystring: z.object({ type: templateType, filename: z.string().optional() }) },
        },
        async (request) => service.transfer.verify(await singleFile(request), request.query.type),
      );
      scope.post(
        '/verify-uploaded-zip',
        { ...developerWrite, schema: { ...upload, querystring: z.object({ filename: z.string().optional() }) } },
        async (request) => service.transfer.verify(await singleFile(request), 'zip'),
      );
    });
    done();
  });
};
