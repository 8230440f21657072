import { z } from 'zod';

/** What `cg/api/create-model-table` did (or, with dryRun, would do). */
export const tableResultSchema = z.object({
  model: z.string(),
  table: z.string(),
  /** What schema sync did (or would do), a line per step (empty when the table is in line). */
  plan: z.array(z.string()),
  /** What the plan would lose (applied only with allowDataLoss). */
  dataLoss: z.array(z.string()),
  isTableCreated: z.boolean(),
  /** Unix seconds of the last schema sync. */
  tableGenerationTimestamp: z.number().nullable(),
});
export type TableResult = z.infer<typeof tableResultSchema>;

/** A generated file of a template; `modified`: older than the template (it changed since generation). */
export interface GeneratedFileState {
  path: string;
  modified: boolean;
}

/** A form entry of `cg/api/summary` (spec 3 §3); times in Unix seconds. */
export interface FormTemplateSummary {
  name: string;
  dataModel: string;
  modifiedAt: number | null;
  generatedAt: number | null;
  generatedFiles: GeneratedFileState[];
  /** A specialised React form module exists (the original's custom Vue file). */
  customVueFile: boolean;
}

/** A model entry of `cg/api/summary` (spec 3 §3); times in Unix seconds. */
export interface ModelTemplateSummary<Columns = Record<string, { name: string; type: string }>> {
  name: string;
  fullName: string;
  module: string;
  table: string;
  parentModel: string | null;
  createdAt: number | null;
  modifiedAt: number | null;
  generatedAt: number | null;
  isTableCreated: boolean;
  /** Unix seconds of the last schema sync, null when the table was never built here. */
  tableGenerationTimestamp: number | null;
  generatedFiles: GeneratedFileState[];
  columns: Columns;
}

/** The `kind` of an upload's 422 entry for a template whose name is taken: the client offers to overwrite. */
export const TEMPLATE_EXISTS_KIND = 'exists';
