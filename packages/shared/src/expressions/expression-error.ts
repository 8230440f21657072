import { AppError } from '../errors';

/**
 * A malformed expression: a 400 (BAD_REQUEST) whose message names the position.
 * @example new ExpressionError('Unexpected ")"', 4).message // 'Unexpected ")" at position 4.'
 */
export class ExpressionError extends AppError {
  readonly position: number;

  constructor(reason: string, position: number) {
    super('BAD_REQUEST', `${reason} at position ${position}.`);
    this.name = 'ExpressionError';
    this.position = position;
  }
}

/** Names that would reach JavaScript internals if they ever became property accesses. */
const FORBIDDEN_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

/** Throws unless the name may be used as a column, path segment or relation. */
export function assertAllowedName(name: string, position: number): void {
  if (FORBIDDEN_NAMES.has(name) || name.startsWith('__')) {
    throw new ExpressionError(`"${name}" cannot be used in an expression`, position);
  }
}
