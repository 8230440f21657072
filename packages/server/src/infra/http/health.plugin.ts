import { sql } from 'kysely';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/schema';
import type { FileStorage } from '../storage/file-storage';

/** A check that takes longer counts as failed: a load balancer must not wait on a hung connection. */
export const HEALTH_CHECK_TIMEOUT_MS = 5000;

const state = z.enum(['ok', 'unavailable']);
const healthSchema = z.object({ status: state, database: state, storage: state });

async function answers(check: () => Promise<unknown>): Promise<z.infer<typeof state>> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), HEALTH_CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), late]);
    return 'ok';
  } catch {
    return 'unavailable';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /api/v1/health` for load balancers and orchestrators: public, 200 when this instance reaches
 * the database and the file storage, 503 otherwise. The body says which one failed, never why
 * (no connection strings or error texts to anonymous callers).
 */
export const healthPlugin: FastifyPluginCallbackZod<{ db: Db; storage: FileStorage }> = (app, options, done) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], response: { 200: healthSchema, 503: healthSchema } },
    },
    async (_request, reply) => {
      const [database, storage] = await Promise.all([
        answers(() => sql`select 1`.execute(options.db)),
        answers(() => options.storage.check()),
      ]);
      const healthy = database === 'ok' && storage === 'ok';
      return reply
        .header('cache-control', 'no-store')
        .code(healthy ? 200 : 503)
        .send({ status: healthy ? 'ok' : 'unavailable', database, storage });
    },
  );
  done();
};
