import type { z } from 'zod';
import { validationError, type FieldError } from '../errors';
import { formTemplateSchema, type FormTemplate } from './form-template';
import { modelTemplateSchema, type ModelTemplate } from './model-template';

function issuesToFields(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || 'template',
    message: issue.message,
  }));
}

function toObject(json: unknown): unknown {
  if (typeof json !== 'string') return json;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    throw validationError([{ field: 'template', message: 'The template is not valid JSON.' }]);
  }
}

/**
 * Reads a model template in the original's JSON format (object or JSON text). Unknown keys are
 * kept. Throws a 422 AppError listing the offending paths.
 */
export function parseModelTemplate(json: unknown): ModelTemplate {
  const result = modelTemplateSchema.safeParse(toObject(json));
  if (!result.success) throw validationError(issuesToFields(result.error));
  return result.data;
}

/** Reads a form template in the original's JSON format; see parseModelTemplate. */
export function parseFormTemplate(json: unknown): FormTemplate {
  const result = formTemplateSchema.safeParse(toObject(json));
  if (!result.success) throw validationError(issuesToFields(result.error));
  return result.data;
}
