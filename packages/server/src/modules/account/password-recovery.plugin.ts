import { messageAnswerSchema, recoveryLinkSchema, resetPasswordSchema, sendRecoveryEmailSchema } from '@mdis/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PasswordRecoveryService } from './password-recovery.service';

const tags = ['account'];
// Whoever forgot the password has no token (spec 2 §7: recovery calls carry no bearer header).
const anyone = { access: 'public' } as const;

/** Password recovery by e-mail (registered under `api/v1/auth` and `api/v1/account`). */
export const passwordRecoveryPlugin: FastifyPluginCallbackZod<{ recovery: PasswordRecoveryService }> = (
  app,
  { recovery },
  done,
) => {
  // Recovery mails are sent after the answer: a closing app lets them finish first.
  app.addHook('onClose', () => recovery.settled());
  app.post(
    '/send-recovery-email',
    { config: anyone, schema: { tags, body: sendRecoveryEmailSchema, response: { 200: messageAnswerSchema } } },
    (request) => recovery.sendRecoveryEmail(request.body.email),
  );
  app.post(
    '/check-recovery-link',
    {
      config: anyone,
      schema: {
        tags,
        body: recoveryLinkSchema,
        response: { 200: z.object({ valid: z.literal(true), username: z.string() }) },
      },
    },
    (request) => recovery.checkLink(request.body),
  );
  app.post(
    '/reset-password',
    { config: anyone, schema: { tags, body: resetPasswordSchema, response: { 200: messageAnswerSchema } } },
    (request) => recovery.resetPassword(request.body),
  );
  done();
};
