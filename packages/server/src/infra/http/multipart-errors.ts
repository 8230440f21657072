import { AppError } from '@mdis/shared';

/**
 * What went wrong while a multipart body was read, as the client should hear it. The parser
 * (busboy) throws plain errors for a body without a boundary or one that ends early; those are the
 * client's fault, so a 400 that says so, never a 500. Our own errors (AppError), the plugin's
 * limit errors (413, with a status code) and errors of the disk we spool to (they carry a
 * `syscall`) pass through unchanged.
 */
export function multipartReadError(error: unknown): unknown {
  if (error instanceof AppError || !(error instanceof Error)) return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // The plugin's "closed before the body was fully parsed": the body ended early.
    if ((error as { code?: unknown }).code === 'FST_MP_PREMATURE_CLOSE') return incomplete();
    return error;
  }
  if ('syscall' in error) return error;
  if (/unexpected end|premature|truncat/i.test(error.message)) return incomplete();
  return new AppError(
    'BAD_REQUEST',
    `The multipart body is malformed: ${error.message.replace(/^Multipart: /, '')}. Send multipart/form-data with its boundary.`,
  );
}

function incomplete(): AppError {
  return new AppError('BAD_REQUEST', 'The multipart body is incomplete: it ended before its closing boundary.');
}

/** Runs `read` (which iterates a request's parts) and turns a broken body into a 400. */
export async function readingMultipart<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw multipartReadError(error);
  }
}
