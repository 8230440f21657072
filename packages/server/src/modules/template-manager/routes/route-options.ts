import { AppError, isReadOnly } from '@mdis/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, FORBIDDEN_MESSAGE } from '../../../infra/auth/access-control';
import type { TemplateManagerService } from '../template-manager.service';

export type CgApp = Parameters<FastifyPluginCallbackZod>[0];
export type CgRoutes = (app: CgApp, service: TemplateManagerService) => void;

export const tags = ['template-manager'];
export const template = z.record(z.string(), z.unknown());
/** The original's client sends `{template: {...}}`; the editors' extra keys ride along. */
export const templateBody = z.looseObject({ template: template.optional() });
export const nameQuery = z.object({ name: z.string().min(1) });
export const templateType = z.enum(['model', 'form']);

/**
 * Developer calls (reference §5.7). The route rule admits developers and administrators; a
 * read-only user never changes templates even when it also holds developer. Runs before input
 * validation: a user who may not write learns nothing about the input rules.
 */
const writer = (request: FastifyRequest) =>
  Promise.resolve().then(() => {
    if (isReadOnly(currentUser(request).roles)) throw new AppError('FORBIDDEN', FORBIDDEN_MESSAGE);
  });

export const developerRead = { config: { access: { role: 'developer' } } } as const;
export const developerWrite = { config: { access: { role: 'developer' } }, onRequest: writer } as const;
