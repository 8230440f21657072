import type { FastifyInstance } from 'fastify';

/**
 * Fastify refuses an empty body sent as application/json with a 400; many clients send that
 * header on every POST (logout, login-default-user carry no body). An empty body is "no body";
 * everything else goes through Fastify's own parser (which guards against prototype poisoning).
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}
