import { z } from 'zod';

/** What a report does (reference §6): shown in the browser, downloaded, or changing data. */
export const REPORT_TYPES = ['report', 'export', 'action'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** A report descriptor as `form/reports` and `app/reports` list it (spec 1 §3 'Report descriptor'). */
export const reportInfoSchema = z.object({
  name: z.string(),
  title: z.string(),
  /** The pattern of model names the report applies to (the original's MODEL regex, as text). */
  model: z.string(),
  type: z.enum(REPORT_TYPES),
  /** true: one record; false: a list; null: both. */
  singleRecord: z.boolean().nullable(),
  directPrint: z.boolean(),
  canAutoPrint: z.boolean(),
  confirmationMessage: z.string().nullable(),
  /** An action that takes input on its own page: the menu opens the page instead of posting. */
  opensPage: z.boolean(),
});
export type ReportInfo = z.infer<typeof reportInfoSchema>;

export const reportListsSchema = z.object({ single: z.array(reportInfoSchema), multiple: z.array(reportInfoSchema) });
export type ReportLists = z.infer<typeof reportListsSchema>;

/**
 * An action report runs only when the request says the user confirmed its message. Other keys are
 * the action's parameters (CreateSampleSeries: top, length, interval, count, material).
 */
export const reportActionBodySchema = z.looseObject({ confirmed: z.literal(true).optional() }).nullish();
