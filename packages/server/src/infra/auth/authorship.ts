import { AppError, hasRole, isReadOnly } from '@mdis/shared';
import type { FastifyRequest } from 'fastify';
import { authorizeFirst, currentUser, FORBIDDEN_MESSAGE } from './access-control';
import type { AuthenticatedUser } from './authenticated-user';

interface Actor {
  id: number;
  roles: readonly string[];
}

/**
 * Posts and messages of the day: their author may change them, and so may developers and
 * administrators (spec 2 §6); a read-only user changes nothing.
 */
export function mayChangeAuthored(actor: Actor, authorId: number | null): boolean {
  if (isReadOnly(actor.roles)) return false;
  return authorId === actor.id || hasRole(actor.roles, 'developer');
}

export function assertMayChangeAuthored(actor: Actor, authorId: number | null): void {
  if (!mayChangeAuthored(actor, authorId)) throw new AppError('FORBIDDEN', FORBIDDEN_MESSAGE);
}

/** A read-only user (the default user) writes nothing. */
export function assertMayWrite(actor: { roles: readonly string[] }): void {
  if (isReadOnly(actor.roles)) throw new AppError('FORBIDDEN', FORBIDDEN_MESSAGE);
}

/**
 * The same as an onRequest hook: it runs right after the access check, before the input is
 * validated or a record looked up, so a read-only user learns nothing about either.
 */
export const refuseReadOnly = (request: FastifyRequest): Promise<void> =>
  Promise.resolve().then(() => assertMayWrite(currentUser(request)));

/**
 * A preValidation hook for `/:id` writes of posts and messages: who may change the record is
 * known before its new body is validated (a non-author learns nothing about the input rules).
 */
export function authorFirst(assertMayChange: (actor: AuthenticatedUser, id: number) => Promise<void>) {
  return authorizeFirst(async (actor, request) => {
    const id = Number((request.params as { id?: unknown }).id);
    // A malformed id is the schema's 400.
    if (Number.isSafeInteger(id) && id > 0) await assertMayChange(actor, id);
  });
}

/** The signature a post or message keeps: the profile name, else the username. */
export const signatureOf = (actor: { name: string; username: string }): string =>
  actor.name.trim() === '' ? actor.username : actor.name;

/** Epoch seconds, the unit of posts' and messages' timestamps. */
export const nowInSeconds = (): number => Math.floor(Date.now() / 1000);
