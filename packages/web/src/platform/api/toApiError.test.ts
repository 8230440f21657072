import { describe, expect, it } from 'vitest';
import { STATUS_MESSAGES } from '@mdis/shared';
import { networkError, toApiError } from './toApiError';

describe("toApiError maps statuses to the original client's messages (spec 1 §8)", () => {
  const cases: Array<{ name: string; status: number; data: unknown; message: string; code: string }> = [
    {
      name: '401',
      status: 401,
      data: { message: 'Your request was made with invalid credentials.' },
      message: 'Please login',
      code: 'UNAUTHORIZED',
    },
    {
      name: '403',
      status: 403,
      data: { message: 'Forbidden.', code: 'FORBIDDEN' },
      message: 'Not allowed. You do not have the required permissions.',
      code: 'FORBIDDEN',
    },
    {
      name: '404',
      status: 404,
      data: { message: 'User not found.', code: 'NOT_FOUND' },
      message: 'The requested resource was not found',
      code: 'NOT_FOUND',
    },
    {
      name: '409 shows the server message',
      status: 409,
      data: { message: 'The last active administrator cannot be deleted, deactivated or demoted.', code: 'CONFLICT' },
      message: 'The last active administrator cannot be deleted, deactivated or demoted.',
      code: 'CONFLICT',
    },
    {
      name: '500 with errorInfo 1451',
      status: 500,
      data: { message: 'SQLSTATE[23000]', errorInfo: ['23000', 1451, 'Cannot delete'] },
      message: 'Constraint violation - record has related data',
      code: 'INTERNAL',
    },
    {
      name: '500 with another errorInfo',
      status: 500,
      data: { message: 'Duplicate', errorInfo: ['23000', 1062, 'dup'] },
      message: 'Duplicate',
      code: 'INTERNAL',
    },
    {
      name: '500 with a data message',
      status: 500,
      data: { message: 'Database is locked' },
      message: 'Database is locked',
      code: 'INTERNAL',
    },
    {
      name: '500 with a data string',
      status: 500,
      data: 'Fatal error in line 3',
      message: 'Fatal error in line 3',
      code: 'INTERNAL',
    },
    { name: '500 with nothing', status: 500, data: undefined, message: 'Internal server error.', code: 'INTERNAL' },
    {
      name: '502 with text',
      status: 502,
      data: 'Bad Gateway',
      message: 'Server-side error + 502: Bad Gateway',
      code: 'INTERNAL',
    },
    {
      name: '503 with a JSON body',
      status: 503,
      data: { message: 'Maintenance' },
      message: 'Server-side error + 503: Maintenance',
      code: 'SERVICE_UNAVAILABLE',
    },
    {
      name: '400 keeps the server message',
      status: 400,
      data: { message: "'Bad Key' is not a valid config key", code: 'BAD_REQUEST' },
      message: "'Bad Key' is not a valid config key",
      code: 'BAD_REQUEST',
    },
    {
      name: '429 keeps the server message',
      status: 429,
      data: { message: 'Too many login attempts. Please wait a minute and try again.' },
      message: 'Too many login attempts. Please wait a minute and try again.',
      code: 'RATE_LIMITED',
    },
  ];

  it.each(cases)('$name', ({ status, data, message, code }) => {
    const error = toApiError(status, data);
    expect(error.message).toBe(message);
    expect(error.code).toBe(code);
    expect(error.status).toBe(status);
  });

  it('passes 422 field errors through unchanged', () => {
    const fields = [
      { field: 'password', message: 'Incorrect username or password.' },
      { field: 'email', message: 'Email is not a valid email address.' },
    ];
    const error = toApiError(422, fields);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fieldErrors).toEqual(fields);
    expect(error.message).toContain('Incorrect username or password.');
  });

  it('reports a missing answer with the network message', () => {
    const error = networkError();
    expect(error.isNetworkError).toBe(true);
    expect(error.message).toBe(STATUS_MESSAGES.network);
  });
});
