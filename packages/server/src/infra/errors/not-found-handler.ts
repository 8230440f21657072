import { AppError, NOT_FOUND_PAGE_TEXT } from '@mdis/shared';
import type { FastifyInstance } from 'fastify';
import { sendAppError } from './error-handler';

/**
 * Unknown routes answer 404 in the mDIS shape. The 404 handler is public by nature: it runs no
 * access check (an unknown route is unknown to everyone, signed in or not).
 */
export function registerNotFoundHandler(app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) =>
    sendAppError(reply, new AppError('ROUTE_NOT_FOUND', NOT_FOUND_PAGE_TEXT.message)),
  );
}
