import { listQuerySchema, listSchema } from '@mdis/shared';
import { z } from 'zod';

const id = z.coerce.number().int().positive();
const optionalId = z.preprocess((v) => (v === '' ? null : v), id.nullish());

export const fileRecordSchema = z.record(z.string(), z.unknown());
export const fileListSchema = listSchema(fileRecordSchema);
export const filesAnswerSchema = z.object({ items: z.array(fileRecordSchema) });

/** `GET file`: the generic list parameters (page, per-page, sort, fields, filter[col]). */
export const fileListQuerySchema = listQuerySchema;

export const fileIdParamsSchema = z.object({ id });

/** POST assign: which uploads, their type, and the record they belong to (any level of the chain). */
export const assignBodySchema = z.object({
  ids: z.array(id).min(1, 'Please choose the files to assign.').max(1000),
  type: z.string().trim().min(1, 'File Type is required').max(3),
  number: z.string().trim().max(20).nullish(),
  expedition_id: optionalId,
  site_id: optionalId,
  hole_id: optionalId,
  core_id: optionalId,
  section_id: optionalId,
  section_split_id: optionalId,
  sample_id: optionalId,
  request_id: optionalId,
  curator_contact_person_id: optionalId,
  analyst: z.string().trim().max(50).nullish(),
  comment: z.string().nullish(),
});
export type AssignBody = z.infer<typeof assignBodySchema>;

export const deleteBodySchema = z.object({ ids: z.array(id).min(1, 'Please choose the files to delete.').max(1000) });
export const deleteAnswerSchema = z.object({ deleted: z.array(z.number().int()) });

export const selectValuesQuerySchema = z.object({
  name: z.string().trim().max(40).default(''),
  value: z.preprocess((v) => (v === '' ? undefined : v), id.optional()),
});
const selectOptionSchema = z.object({ value: z.number().int(), text: z.string() });
export const selectValuesSchema = z.record(z.string(), z.array(selectOptionSchema));

export const metaDataQuerySchema = z.object({ filename: z.string().trim().min(1).max(255) });
export const metaDataSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  original_filename: z.string(),
  filesize: z.number(),
  mime_type: z.string(),
  checksum: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  exif_date: z.string().nullable(),
});
