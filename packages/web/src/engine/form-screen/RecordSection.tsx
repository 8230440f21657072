import { memo, useCallback, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { STATUS_MESSAGES } from '@mdis/shared';
import type { FormRecord } from '../api/records.api';
import { RecordPanel } from '../record-panel';
import { useFormScreen } from './FormScreenContext';
import { SECTION_IDS } from './focusSections';
import { sameProps, useStableHandler } from './sameProps';

export const NO_RECORD_MESSAGE = 'Select a record in the table, or create a new one.';

/** The record panel: the draft while editing or creating, else the saved current record. */
export function RecordSection({ renderRecordAddon }: { renderRecordAddon?: (record: FormRecord) => ReactNode }) {
  const { form, columns, parent, state, dispatch, record, recordMissing, actions } = useFormScreen();
  const viewing = state.scenario === 'view';
  const shown = viewing ? record : state.draft;
  const onChange = useCallback((draft: FormRecord) => dispatch({ type: 'change', draft }), [dispatch]);
  const onDismissServerErrors = useStableHandler(actions.dismissErrors);
  return (
    <Paper id={SECTION_IDS.form} tabIndex={-1} variant="outlined" sx={{ p: 2 }} aria-label="Current record">
      {viewing && recordMissing ? (
        <Alert severity="warning">{STATUS_MESSAGES.notFound}</Alert>
      ) : shown ? (
        <MemoRecordPanel
          form={form}
          columns={columns}
          parent={parent}
          record={shown}
          scenario={state.scenario}
          onChange={onChange}
          serverErrors={actions.errors}
          onDismissServerErrors={onDismissServerErrors}
        />
      ) : (
        <Typography color="text.secondary">{NO_RECORD_MESSAGE}</Typography>
      )}
      {record && viewing && renderRecordAddon?.(record)}
    </Paper>
  );
}

// not rendered again while its record, scenario and messages stay (a list arriving, a page, a sort)
const MemoRecordPanel = memo(RecordPanel, sameProps);
