import { listSchema } from '@mdis/shared';
import { z } from 'zod';

// Records have the columns of their template: the schemas check the envelope, not the columns.
export const recordSchema = z.record(z.string(), z.unknown());
export const recordListSchema = listSchema(recordSchema);

/**
 * Serialises a record list without zod's encode: the records are plain rows of the template's
 * columns, which z.record(z.unknown()) would copy key by key to check nothing, and the envelope is
 * the service's typed RecordList. The schema still documents the answer (OpenAPI). Same JSON.
 */
export const plainJsonSerializer = () => (data: unknown) => JSON.stringify(data);

/**
 * `?name=` of the calls on one record or a new one; `defaults` takes the other parameters as the
 * new record's values (the list calls have their own schemas in shared: records-query.schemas.ts).
 */
export const targetQuerySchema = z.looseObject({ name: z.string().min(1) });
export const duplicateQuerySchema = z.looseObject({ name: z.string().min(1), id: z.coerce.number().int().positive() });
export const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const recordBodySchema = z.record(z.string(), z.unknown());

export const asyncListSchema = z.object({ items: z.array(recordSchema), totalCount: z.number().int().optional() });
export const filterListsSchema = z.record(z.string(), z.array(recordSchema));
