// The import API's answers as docs/ARCHITECTURE.md ("Import") describes them. Kept here until the
// server's zod schemas of the same answers are in packages/shared, where both sides will read them.

export type ImportMode = 'insert' | 'upsert';

/** How the server matched a file header to a column; null: not matched (ignored). */
export type MatchedBy = 'name' | 'label' | 'importSource' | 'saved' | 'user' | null;

export interface MappingEntry {
  header: string;
  column: string | null;
  matchedBy: MatchedBy;
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
  mapping: MappingEntry[];
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

/** What every preview and commit sends: the file and the choices made for it. */
export interface ImportRequest {
  form: string;
  file: File;
  sheet: string | null;
  mode: ImportMode;
  /** header → column or null (ignore); null: let the server map (automatic or this user's saved mapping). */
  mapping: Record<string, string | null> | null;
}

export interface ImportProgress {
  done: number;
  total: number;
}
