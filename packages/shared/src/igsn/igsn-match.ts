import { z } from 'zod';

/**
 * One answer of `GET app/find-igsn/{igsn}` (spec 1 "Igsn search result"): the record, its model,
 * a text to show (combined_id, else the model's name column) and the filter-bar selection that
 * opens it in its form (`{ expedition: 3, site: 4, hole: 7 }`, the form's filterDataModels keys).
 */
export const igsnMatchSchema = z.object({
  id: z.number(),
  data_model: z.string(),
  info: z.string(),
  filter: z.record(z.string(), z.number().nullable()),
});
export type IgsnMatch = z.infer<typeof igsnMatchSchema>;
