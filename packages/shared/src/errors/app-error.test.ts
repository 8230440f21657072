import { describe, expect, it } from 'vitest';
import { AppError, toErrorBody, validationError } from './app-error';
import { ERROR_CODES, errorCodeOfStatus } from './error-codes';

describe('AppError', () => {
  it('takes its status from its code', () => {
    expect(new AppError('NOT_FOUND', 'x').status).toBe(404);
    expect(new AppError('UNIQUE_VIOLATION', 'x').status).toBe(409);
    expect(new AppError('RATE_LIMITED', 'x').status).toBe(429);
  });
  it('renders the mDIS error body', () => {
    expect(toErrorBody(new AppError('FORBIDDEN', 'No.'))).toEqual({
      name: 'Forbidden',
      message: 'No.',
      code: 'FORBIDDEN',
      status: 403,
    });
  });
  it('keeps errorInfo of a constraint', () => {
    const body = toErrorBody(new AppError('FOREIGN_KEY_VIOLATION', 'x', { errorInfo: ['23000', 1451, 'fk'] }));
    expect(body.errorInfo).toEqual(['23000', 1451, 'fk']);
  });
  it('carries field messages of a 422', () => {
    const error = validationError([{ field: 'password', message: 'Incorrect username or password.' }]);
    expect(error.status).toBe(422);
    expect(error.extensions.fields).toEqual([{ field: 'password', message: 'Incorrect username or password.' }]);
  });
});

describe('errorCodeOfStatus (server and web client)', () => {
  it('gives every status of the vocabulary a code carrying that status', () => {
    for (const { status } of Object.values(ERROR_CODES))
      expect(ERROR_CODES[errorCodeOfStatus(status)].status).toBe(status);
    expect([409, 422].map(errorCodeOfStatus)).toEqual(['CONFLICT', 'VALIDATION_FAILED']);
  });
  it('takes any other status as a bad request, or an internal error from 500 up', () => {
    expect([418, 502, 599].map(errorCodeOfStatus)).toEqual(['BAD_REQUEST', 'INTERNAL', 'INTERNAL']);
  });
});
