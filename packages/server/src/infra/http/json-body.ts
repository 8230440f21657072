import { AppError } from '@mdis/shared';
import type { FastifyInstance } from 'fastify';

/** Deeper than any template, widget or config value; deep enough to hurt recursive code after JSON.parse. */
export const MAX_JSON_DEPTH = 64;

export const tooDeepMessage = (depth: number) =>
  `The JSON body is nested too deeply (more than ${String(depth)} levels).`;

/**
 * Whether `text` nests arrays/objects deeper than `max`, brackets inside strings not counted.
 * One linear pass over the text; an ill-formed text is left to the parser.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return false;
}

/**
 * Fastify refuses an empty body sent as application/json with a 400; many clients send that
 * header on every POST (logout, login-default-user carry no body). An empty body is "no body".
 * A body nested deeper than MAX_JSON_DEPTH is a 400 before parsing: JSON.parse copes, but the
 * recursive code after it (schema validation, JSON.stringify on save) would overflow the stack
 * (a 500). Everything else goes through Fastify's own parser (which guards against prototype poisoning).
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
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new AppError('BAD_REQUEST', tooDeepMessage(MAX_JSON_DEPTH)), undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}
