import type {
  ImportCounts,
  ImportMode,
  ImportPreview,
  ImportProgress,
  ImportResult,
  ImportRowError,
  MatchedBy,
} from './importTypes';

export type ImportPhase = 'choosing' | 'previewing' | 'committing' | 'committed' | 'undoing' | 'undone';

/** A refusal to show: what happened, and (for 422) the rows at fault. */
export interface ImportProblem {
  status: number;
  message: string;
  rows?: { counts: ImportCounts; errors: ImportRowError[] };
}

export interface ImportScreenState {
  file: File | null;
  sheet: string | null;
  mode: ImportMode;
  /** The user's own choices, by file header; kept when another file (the corrected one) is chosen. */
  overrides: Record<string, string | null>;
  preview: ImportPreview | null;
  /** How the server matched each header before the user chose, for the hints. */
  autoMatched: Record<string, MatchedBy>;
  /** The choices changed since the preview shown: it must be run again before a commit. */
  stale: boolean;
  phase: ImportPhase;
  progress: ImportProgress | null;
  result: ImportResult | null;
  removed: number | null;
  problem: ImportProblem | null;
}

export type ImportAction =
  | { type: 'file'; file: File }
  | { type: 'sheet'; sheet: string }
  | { type: 'mode'; mode: ImportMode }
  | { type: 'map'; header: string; column: string | null }
  | { type: 'previewing' }
  | { type: 'previewed'; preview: ImportPreview; automatic: boolean }
  | { type: 'failed'; problem: ImportProblem }
  | { type: 'committing' }
  | { type: 'progress'; progress: ImportProgress }
  | { type: 'committed'; result: ImportResult }
  | { type: 'undoing' }
  | { type: 'undone'; removed: number }
  | { type: 'again' };

export const INITIAL_IMPORT_STATE: ImportScreenState = {
  file: null,
  sheet: null,
  mode: 'insert',
  overrides: {},
  preview: null,
  autoMatched: {},
  stale: false,
  phase: 'choosing',
  progress: null,
  result: null,
  removed: null,
  problem: null,
};

export function importScreenReducer(state: ImportScreenState, action: ImportAction): ImportScreenState {
  switch (action.type) {
    case 'file':
      // another file: its headers and sheets are unknown until the server read it
      return { ...state, file: action.file, sheet: null, preview: null, autoMatched: {}, stale: false, problem: null };
    case 'sheet':
      return { ...state, sheet: action.sheet, preview: null, autoMatched: {}, stale: false, problem: null };
    case 'mode':
      return { ...state, mode: action.mode, stale: state.preview !== null };
    case 'map':
      return { ...state, overrides: { ...state.overrides, [action.header]: action.column }, stale: true };
    case 'previewing':
      return { ...state, phase: 'previewing', problem: null };
    case 'previewed': {
      const autoMatched = action.automatic
        ? Object.fromEntries(action.preview.mapping.map((entry) => [entry.header, entry.matchedBy]))
        : state.autoMatched;
      return { ...state, phase: 'choosing', preview: action.preview, autoMatched, stale: false };
    }
    case 'failed':
      // the file, the mapping and the last preview stay: the user corrects and tries again
      return {
        ...state,
        phase: state.phase === 'undoing' ? 'committed' : 'choosing',
        progress: null,
        problem: action.problem,
      };
    case 'committing':
      return { ...state, phase: 'committing', progress: null, problem: null };
    case 'progress':
      return { ...state, progress: action.progress };
    case 'committed':
      return { ...state, phase: 'committed', result: action.result };
    case 'undoing':
      return { ...state, phase: 'undoing', problem: null };
    case 'undone':
      return { ...state, phase: 'undone', removed: action.removed };
    case 'again':
      return { ...INITIAL_IMPORT_STATE, mode: state.mode, overrides: state.overrides };
  }
}

/** The mapping to send: null (the server's own) until the user chose something for these headers. */
export function mappingToSend(state: ImportScreenState): Record<string, string | null> | null {
  const mapping = state.preview?.mapping;
  if (!mapping?.some((entry) => entry.header in state.overrides)) return null;
  return Object.fromEntries(
    mapping.map((entry) => [
      entry.header,
      entry.header in state.overrides ? (state.overrides[entry.header] ?? null) : entry.column,
    ]),
  );
}

/** The user's earlier choices that differ from what the server chose for a newly read file. */
export function pendingOverrides(state: ImportScreenState, preview: ImportPreview): boolean {
  return preview.mapping.some(
    (entry) => entry.header in state.overrides && (state.overrides[entry.header] ?? null) !== entry.column,
  );
}
