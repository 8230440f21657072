import { z } from 'zod';
import { commaList, filterMapSchema, listQueryObject, withFilterMap } from './list.schemas';

/** `?name=`: a form name under `api/v1/form`, a model's full name under `api/v1/global`. */
const name = z.string().min(1).max(200).describe('The form (api/v1/form) or model (api/v1/global).');

/**
 * `GET api/v1/form?name=…&page&per-page&sort&fields&selected-record-id&filter[col]=expr`, the original's
 * list parameters: page 1-based, per-page 20 by default, `sort=a,-b`, `fields=a,b` (DESIGN §5).
 */
export const recordListQuerySchema = withFilterMap(listQueryObject.extend({ name }));

const oneOrMany = z.union([z.string(), z.array(z.string())]);

/** `GET …/async-lists?name&fields=text,value&sort&q&value&filter[col]`: a select's options. */
const asyncListQueryObject = z.object({
  name,
  fields: z
    .string()
    .max(2000)
    .optional()
    .transform(commaList)
    .describe('`text,value`: the columns of the option text and value (default id).'),
  sort: z.string().max(2000).optional().describe('Required: `a,-b`.'),
  q: z.string().max(2000).optional().describe('A prefix of the option text.'),
  value: oneOrMany
    .optional()
    .transform((values) => [values ?? []].flat().flatMap((value) => value.split(',').filter(Boolean)))
    .describe('The selected values (comma separated or repeated): listed first.'),
  filter: filterMapSchema.optional(),
});
export const asyncListQuerySchema = withFilterMap(asyncListQueryObject);
export type AsyncListQuery = z.output<typeof asyncListQueryObject>;

/** `GET …/filter-lists?name&models[]={"model":…,"require":…}`: the filter bar's option lists. */
export const filterListsQuerySchema = z.object({
  name,
  'models[]': oneOrMany.optional().describe('JSON `{"model": key, "require": {"as": column, "value": v}}`.'),
  models: oneOrMany.optional().describe('The same as models[].'),
});
export type FilterListsQuery = z.output<typeof filterListsQuerySchema>;
