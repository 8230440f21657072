import { AppError, REPORT_MESSAGES } from '@mdis/shared';
import { z } from 'zod';

/** `report/{name}?model&form&id` or `…&columns&sort&filters&specific-ids` (spec 1 §7), plus `listname`, `size`. */
export const reportQuerySchema = z.looseObject({
  model: z.string().min(1).optional(),
  form: z.string().min(1).optional(),
  id: z.string().optional(),
  columns: z.string().optional(),
  sort: z.string().optional(),
  filters: z.string().optional(),
  'specific-ids': z.string().optional(),
  /** Only the records one batch wrote (the list of an import's records). */
  batch: z.string().max(40).optional(),
  listname: z.string().optional(),
});

export interface ReportQuery {
  model: string | undefined;
  form: string | undefined;
  id: number | undefined;
  columns: string[] | undefined;
  sort: string;
  filters: Record<string, string | string[]>;
  specificIds: number[] | undefined;
  /** The list's `batch` (the records of one import). */
  batch: string | undefined;
  listname: string | undefined;
  /** Every other parameter (label size, …). */
  extra: Readonly<Record<string, unknown>>;
}

const ID = /^\d{1,15}$/;

function ids(raw: string | undefined): number[] | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const parts = raw.split(',').map((part) => part.trim());
  if (!parts.every((part) => ID.test(part))) throw new AppError('BAD_REQUEST', REPORT_MESSAGES.badIds);
  return parts.map(Number);
}

const filtersSchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

function filters(raw: string | undefined): Record<string, string | string[]> {
  if (raw === undefined || raw.trim() === '') return {};
  try {
    return filtersSchema.parse(JSON.parse(raw));
  } catch {
    throw new AppError('BAD_REQUEST', REPORT_MESSAGES.badFilters);
  }
}

function list(raw: string | undefined): string[] | undefined {
  const names = (raw ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return names.length > 0 ? names : undefined;
}

export function parseReportQuery(query: z.infer<typeof reportQuerySchema>): ReportQuery {
  if (query.id !== undefined && query.id !== '' && !ID.test(query.id)) {
    throw new AppError('BAD_REQUEST', "Invalid query parameter 'id': must be a record id.");
  }
  return {
    model: query.model,
    form: query.form,
    id: query.id ? Number(query.id) : undefined,
    columns: list(query.columns),
    sort: query.sort ?? '',
    filters: filters(query.filters),
    specificIds: ids(query['specific-ids']),
    batch: query.batch || undefined,
    listname: query.listname,
    extra: query,
  };
}
