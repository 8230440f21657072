// The import API's answers (issue 20; docs/features.md "Import"): what the server's import module
// sends and the web's import screen reads, written once.

export type ImportMode = 'insert' | 'upsert';

/** How the server matched a file header to a column. */
export type ImportMatchedBy = 'name' | 'label' | 'importSource' | 'saved' | 'user';

export interface ImportMappedHeader {
  header: string;
  /** The column the header is read into; null: ignored. */
  column: string | null;
  /** null: not matched. */
  matchedBy: ImportMatchedBy | null;
}

export interface ImportColumn {
  name: string;
  label: string;
  required: boolean;
}

export interface ImportCounts {
  total: number;
  new: number;
  updated: number;
  unchanged: number;
  errors: number;
}

export interface ImportRowError {
  /** 1-based data row (the header row not counted). */
  row: number;
  column: string | null;
  header: string | null;
  value: string | null;
  message: string;
}

export interface ImportPreview {
  form: string;
  mode: ImportMode;
  sheets: string[];
  sheet: string | null;
  mapping: ImportMappedHeader[];
  columns: ImportColumn[];
  counts: ImportCounts;
  errors: ImportRowError[];
  sample: { row: number; values: Record<string, unknown> }[];
}

export interface ImportResult {
  batchId: string;
  counts: ImportCounts;
  /** The filter that lists the imported records, for the form's `?filter=`. */
  filter: string;
}

/**
 * What a commit does after its rows (absent from a progress event while it writes them): `removing`
 * the rows it kept so far, since a row failed and nothing may be kept; `indexes`: the table's indexes
 * a large SQLite import set aside, built again (`built` of `total` so far).
 */
export type ImportStep = { kind: 'removing' } | { kind: 'indexes'; built: number; total: number };

export interface ImportProgress {
  done: number;
  total: number;
  step?: ImportStep;
}
