import { AppError, type FieldError, validationError } from '@mdis/shared';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

interface SchemaError {
  validationContext?: string;
  validation: { instancePath: string; message?: string }[];
}

function fieldOf(instancePath: string): string {
  return instancePath.replace(/^\//, '').replace(/\//g, '.');
}

/**
 * A request-schema failure as an AppError: a body failure is the mDIS 422 field list; a
 * querystring, params or headers failure is a 400 naming the parameter.
 */
export function fromSchemaError(error: unknown): AppError | null {
  if (!hasZodFastifySchemaValidationErrors(error)) return null;
  const { validation, validationContext } = error as unknown as SchemaError;
  if (validationContext === 'body') {
    const fields: FieldError[] = validation.map((issue) => ({
      field: fieldOf(issue.instancePath),
      message: issue.message ?? 'Invalid value.',
    }));
    return validationError(fields);
  }
  const first = validation.at(0);
  const parameter = fieldOf(first?.instancePath ?? '');
  const where = validationContext ?? 'request';
  const message = parameter
    ? `Invalid ${where} parameter '${parameter}': ${first?.message ?? 'invalid value'}`
    : `Invalid ${where}: ${first?.message ?? 'invalid value'}`;
  return new AppError('BAD_REQUEST', message);
}
