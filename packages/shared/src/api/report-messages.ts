// Apart from the report schemas on purpose: the form screen shows these texts, and a module
// with zod schemas brings zod into the form's chunk (issue 18: the form route stays light).

/** Exact texts of the reports area (spec 1 §7, §8; reference §6). */
export const REPORT_MESSAGES = {
  modelMismatch: 'report can not be used for model',
  loadFailed: 'unable to get reports',
  confirmTitle: 'Please confirm!',
  notFound: (name: string) => `Report "${name}" not found.`,
  confirmationRequired: 'This report changes data: confirm it first.',
  actionNeedsPost: 'This report changes data: run it from the form after confirming.',
  noRecords: 'No records to report.',
  badIds: "Invalid query parameter 'specific-ids': a comma-separated list of record ids is expected.",
  badFilters: "Invalid query parameter 'filters': a JSON object of column → filter expression is expected.",
  missingId: "Missing query parameter 'id'.",
  missingModel: "Missing query parameter 'model' or 'form'.",
  missingListName: "Missing query parameter 'listname'.",
} as const;
