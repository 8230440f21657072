import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../infra/auth/access-control';
import type { FileBody, FileContent } from './file-content';
import { mimeTypeOf } from './file-images';
import { fileIdParamsSchema } from './files.schemas';

// Opened by <img> and links: the session cookie authenticates (GET only, infra/auth).
const user = { access: 'user' } as const;
const tags = ['files'];

// Types a browser may show inline; anything else is downloaded, so a stored HTML or SVG file can
// never run as a page of this origin.
const INLINE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf', 'text/plain']);

function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^A-Za-z0-9._-]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

function send(reply: FastifyReply, body: FileBody, download: boolean) {
  reply.header('cache-control', 'private, no-cache');
  if (body.etag) reply.header('etag', body.etag);
  if (body.kind === 'notModified') return reply.code(304).send();
  if (body.kind === 'buffer') return reply.type(body.mimeType).send(body.body);
  // The type comes from the name's extension, not from the editable mime_type column.
  const type = mimeTypeOf(body.filename, undefined);
  const inline = !download && INLINE_TYPES.has(type);
  reply.header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', body.filename));
  reply.header('content-security-policy', 'sandbox');
  if (body.size !== undefined) reply.header('content-length', body.size);
  return reply.type(type).send(body.stream);
}

const ifNoneMatch = (request: FastifyRequest) => request.headers['if-none-match'];

const originalQuerySchema = z.object({ download: z.enum(['0', '1', 'true', 'false']).optional() });

/**
 * `files/{id}` (preview) and `files/original/{id}` at the site root, not under `api/v1`, as the
 * original serves them; an `<img>` sends the session cookie instead of the bearer header (DESIGN §5).
 */
export const filesContentPlugin: FastifyPluginCallbackZod<{ content: FileContent }> = (app, { content }, done) => {
  app.get(
    '/files/original/:id',
    { config: user, schema: { tags, params: fileIdParamsSchema, querystring: originalQuerySchema } },
    async (request, reply) => {
      const download = request.query.download === '1' || request.query.download === 'true';
      const answer = await content.original(currentUser(request), request.params.id, ifNoneMatch(request));
      return send(reply, answer, download);
    },
  );

  app.get('/files/:id', { config: user, schema: { tags, params: fileIdParamsSchema } }, async (request, reply) =>
    send(reply, await content.preview(currentUser(request), request.params.id, ifNoneMatch(request)), false),
  );
  done();
};
