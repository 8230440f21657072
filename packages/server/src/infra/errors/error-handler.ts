import { AppError, STATUS_MESSAGES, toErrorBody } from '@mdis/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Dialect } from '../db/dialect';
import { translateDbError } from '../db/translate-db-error';
import { fromClientError } from './http-errors';
import { fromSchemaError } from './validation-errors';

/** Whatever was thrown, as the AppError the client sees; null means "unexpected" (a 500). */
function toAppError(error: unknown, dialect: Dialect): AppError | null {
  if (error instanceof AppError) return error;
  return fromSchemaError(error) ?? translateDbError(dialect, error) ?? fromClientError(error);
}

/** Sends an AppError in the mDIS wire format: 422 → [{field, message}], others → {name, message, code, status}. */
export function sendAppError(reply: FastifyReply, error: AppError): FastifyReply {
  reply.code(error.status);
  if (error.status === 422) {
    const fields = error.extensions.fields ?? [{ field: error.extensions.column ?? '', message: error.message }];
    return reply.send(fields);
  }
  return reply.send(toErrorBody(error));
}

export function registerErrorHandler(app: FastifyInstance, dialect: Dialect): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error, dialect);
    if (appError) {
      if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
      return sendAppError(reply, appError);
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendAppError(reply, new AppError('INTERNAL', STATUS_MESSAGES.internal));
  });
}
