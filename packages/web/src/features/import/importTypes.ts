// The import API's answers are written once, in @mdis/shared (import.types); the screen adds what
// it sends and how it names a mapping entry.
import type { ImportMappedHeader, ImportMatchedBy, ImportMode } from '@mdis/shared';

export type {
  ImportColumn,
  ImportCounts,
  ImportMode,
  ImportPreview,
  ImportProgress,
  ImportResult,
  ImportRowError,
} from '@mdis/shared';

/** How the server matched a file header to a column; null: not matched (ignored). */
export type MatchedBy = ImportMatchedBy | null;

export type MappingEntry = ImportMappedHeader;

/** What every preview and commit sends: the file and the choices made for it. */
export interface ImportRequest {
  form: string;
  file: File;
  sheet: string | null;
  mode: ImportMode;
  /** header → column or null (ignore); null: let the server map (automatic or this user's saved mapping). */
  mapping: Record<string, string | null> | null;
}
