import { useState } from 'react';
import HistoryIcon from '@mui/icons-material/History';
import type { FormTemplate } from '@mdis/shared';
import type { FormRecord } from '../api/records.api';
import { ToolbarAction } from '../toolbar/ToolbarAction';
import { HistoryDialog } from './HistoryDialog';

export interface HistoryButtonProps {
  form: FormTemplate;
  record: FormRecord;
  canRestore: boolean;
  disabled: boolean;
}

/** The toolbar's 'History' action of the selected record, with its dialog. */
export function HistoryButton({ form, record, canRestore, disabled }: HistoryButtonProps) {
  const [open, setOpen] = useState(false);
  const id = Number(record.id);
  const name = typeof record.combined_id === 'string' && record.combined_id !== '' ? record.combined_id : `#${id}`;
  return (
    <>
      <ToolbarAction icon={<HistoryIcon />} disabled={disabled} onClick={() => setOpen(true)}>
        History
      </ToolbarAction>
      {open && (
        <HistoryDialog
          form={form}
          recordId={id}
          recordName={name}
          canRestore={canRestore}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
