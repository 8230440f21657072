import { describe, expect, it } from 'vitest';
import { toApiError } from '../../platform/api/toApiError';
import { serverErrorFor, serverFieldErrors } from './serverErrors';

describe('server 422 errors', () => {
  it('takes the field list of a 422 answer', () => {
    const error = toApiError(422, [{ field: 'core', message: 'Core is required' }]);
    expect(serverFieldErrors(error)).toEqual([{ field: 'core', message: 'Core is required' }]);
  });

  it('has no field errors for other failures', () => {
    expect(serverFieldErrors(toApiError(409, { message: 'has children' }))).toEqual([]);
    expect(serverFieldErrors(new Error('offline'))).toEqual([]);
  });

  it('reads a raw 422 body', () => {
    expect(serverFieldErrors([{ field: 'a', message: 'A is required' }, { nonsense: true }])).toEqual([
      { field: 'a', message: 'A is required' },
    ]);
  });

  it("finds a field's message", () => {
    expect(serverErrorFor([{ field: 'a', message: 'bad' }], 'a')).toBe('bad');
    expect(serverErrorFor(undefined, 'a')).toBeUndefined();
  });
});
