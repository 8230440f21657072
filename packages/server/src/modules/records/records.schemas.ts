import { listSchema } from '@mdis/shared';
import { z } from 'zod';

// Records have the columns of their template: the schemas check the envelope, not the columns.
export const recordSchema = z.record(z.string(), z.unknown());
export const recordListSchema = listSchema(recordSchema);

/** `?name=` plus whatever else the call takes (page, sort, filter[col], models[], …). */
export const targetQuerySchema = z.looseObject({ name: z.string().min(1) });
export const duplicateQuerySchema = z.looseObject({ name: z.string().min(1), id: z.coerce.number().int().positive() });
export const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const recordBodySchema = z.record(z.string(), z.unknown());

export const asyncListSchema = z.object({ items: z.array(recordSchema), totalCount: z.number().int().optional() });
export const filterListsSchema = z.record(z.string(), z.array(recordSchema));
