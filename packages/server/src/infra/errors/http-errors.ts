import { AppError, errorCodeOfStatus } from '@mdis/shared';

// Fastify's own client errors (bad JSON, too large, wrong content type...) carry a statusCode;
// it is mapped onto our vocabulary so that the body has the mDIS shape.

interface ClientError {
  statusCode: number;
  message: string;
}

function isClientError(error: unknown): error is ClientError {
  const status = (error as Partial<ClientError> | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/** A 4xx raised by Fastify or a plugin, as an AppError; null for anything else. */
export function fromClientError(error: unknown): AppError | null {
  if (!isClientError(error)) return null;
  return new AppError(errorCodeOfStatus(error.statusCode), error.message);
}
