import { useCallback, useReducer } from 'react';
import { isApiError } from '../../platform/api/ApiError';
import { useSessionContext } from '../../platform/session/SessionContext';
import { ImportRowsFailed, importApi } from './import.api';
import {
  INITIAL_IMPORT_STATE,
  importScreenReducer,
  mappingToSend,
  pendingOverrides,
  type ImportProblem,
  type ImportScreenState,
} from './importScreenReducer';
import type { ImportMode, ImportRequest } from './importTypes';

function problemOf(error: unknown): ImportProblem {
  if (error instanceof ImportRowsFailed)
    return { status: 422, message: error.message, rows: { counts: error.counts, errors: error.errors } };
  if (isApiError(error)) return { status: error.status, message: error.message };
  return { status: 0, message: error instanceof Error ? error.message : String(error) };
}

/** The import screen's state and what the user can do with it; every call keeps what was chosen. */
export function useImportScreen(formName: string) {
  const [state, dispatch] = useReducer(importScreenReducer, INITIAL_IMPORT_STATE);
  const token = useSessionContext().user?.token ?? null;

  const requestOf = useCallback(
    (current: ImportScreenState, file: File): ImportRequest => ({
      form: formName,
      file,
      sheet: current.sheet,
      mode: current.mode,
      mapping: mappingToSend(current),
    }),
    [formName],
  );

  const runPreview = useCallback(
    async (current: ImportScreenState) => {
      if (!current.file) return;
      dispatch({ type: 'previewing' });
      try {
        const request = requestOf(current, current.file);
        let preview = await importApi.preview(request, token);
        dispatch({ type: 'previewed', preview, automatic: request.mapping === null });
        // the corrected file: the user's earlier choices apply to its headers too
        const withPreview = { ...current, preview };
        if (request.mapping === null && pendingOverrides(current, preview)) {
          preview = await importApi.preview(requestOf(withPreview, current.file), token);
          dispatch({ type: 'previewed', preview, automatic: false });
        }
      } catch (error) {
        dispatch({ type: 'failed', problem: problemOf(error) });
      }
    },
    [requestOf, token],
  );

  const chooseFile = (file: File) => {
    dispatch({ type: 'file', file });
    void runPreview({ ...state, file, sheet: null, preview: null });
  };
  const chooseSheet = (sheet: string) => {
    dispatch({ type: 'sheet', sheet });
    void runPreview({ ...state, sheet, preview: null });
  };
  const chooseMode = (mode: ImportMode) => dispatch({ type: 'mode', mode });
  const map = (header: string, column: string | null) => dispatch({ type: 'map', header, column });
  const preview = () => void runPreview(state);

  const downloadFailingRows = async () => {
    const current = state;
    if (!current.file) return;
    try {
      const blob = await importApi.failingRows(requestOf(current, current.file), token);
      saveBlob(blob, `${current.file.name.replace(/\.[^.]+$/, '')}-errors.csv`);
    } catch (error) {
      dispatch({ type: 'failed', problem: problemOf(error) });
    }
  };

  const commit = async () => {
    const current = state;
    if (!current.file) return;
    dispatch({ type: 'committing' });
    try {
      const result = await importApi.commit(requestOf(current, current.file), token, (progress) =>
        dispatch({ type: 'progress', progress }),
      );
      dispatch({ type: 'committed', result });
    } catch (error) {
      dispatch({ type: 'failed', problem: problemOf(error) });
    }
  };

  const undo = async () => {
    const batchId = state.result?.batchId;
    if (!batchId) return;
    dispatch({ type: 'undoing' });
    try {
      const { removed } = await importApi.undo(batchId);
      dispatch({ type: 'undone', removed });
    } catch (error) {
      dispatch({ type: 'failed', problem: problemOf(error) });
    }
  };

  return {
    state,
    chooseFile,
    chooseSheet,
    chooseMode,
    map,
    preview,
    downloadFailingRows: () => void downloadFailingRows(),
    commit: () => void commit(),
    undo: () => void undo(),
    again: () => dispatch({ type: 'again' }),
  };
}

function saveBlob(blob: Blob, name: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}
