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
