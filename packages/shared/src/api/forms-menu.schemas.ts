import { z } from 'zod';

/**
 * What the list of a form can do with one of its columns, as the server's SQL can: sort by it
 * (`sort=col`) and filter it (`filter[col]=…`). The table offers only what these allow.
 */
export const columnAbilitiesSchema = z.object({ sortable: z.boolean(), filterable: z.boolean() });
export type ColumnAbilities = z.infer<typeof columnAbilitiesSchema>;

/** One form of `GET app/forms` (the menu), with what its table may sort and filter by. */
export const formMenuEntrySchema = z.object({
  key: z.string(),
  label: z.string(),
  dataModel: z.string(),
  module: z.string(),
  /** Facet search (spec 2 §3): the program and expedition ids the form belongs to; absent: all. */
  facetValues: z
    .object({ program: z.array(z.number()), expedition: z.array(z.number()) })
    .partial()
    .optional(),
  /** The code generator made a specialised React form module for it (the overview's green dot). */
  specialised: z.literal(true).optional(),
  /** Per field of the form: whether the list sorts and filters by it. */
  columns: z.record(z.string(), columnAbilitiesSchema),
});
export type FormMenuEntry = z.infer<typeof formMenuEntrySchema>;

/** `GET app/forms`: the forms the user may view, grouped by their model's module. */
export const formsByModuleSchema = z.record(z.string(), z.array(formMenuEntrySchema));
export type FormsByModule = z.infer<typeof formsByModuleSchema>;
