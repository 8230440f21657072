import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import CancelIcon from '@mui/icons-material/Close';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import SaveIcon from '@mui/icons-material/Save';
import { FORM_SHORTCUTS } from '../shortcuts/shortcuts';
import { MoreActionsMenu } from './MoreActionsMenu';
import { RecordNavigation, type NavigationTarget } from './RecordNavigation';
import { ToolbarAction } from './ToolbarAction';

export type Scenario = 'view' | 'edit' | 'create';
export type { NavigationTarget };

export interface FormToolbarProps {
  scenario: Scenario;
  /** The edit permission of the form, never for a read-only user: hides Edit, New, Smart Copy, Delete. */
  canEdit: boolean;
  hasSelection: boolean;
  /** Save is also disabled in create while required filters are missing. */
  saveDisabled: boolean;
  busy: boolean;
  /** 1-based position of the current record among all records, or null when it is not on the page. */
  position: number | null;
  /** Null while the list has not answered yet. */
  total: number | null;
  canGoBack: boolean;
  canGoForward: boolean;
  onEdit: () => void;
  onNew: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
  onSave: () => void;
  onCancel: () => void;
  onNavigate: (target: NavigationTarget) => void;
  /** Export/report menus, map, RDF, files and linked forms. */
  children?: ReactNode;
}

function hint(label: string, keys: string): string {
  return `${label} (${keys})`;
}

/** The form's actions (spec 1 §2 toolbar): scenario buttons, record navigation and the extras. */
export function FormToolbar(props: FormToolbarProps) {
  const { scenario, canEdit, hasSelection, saveDisabled, busy } = props;
  const viewing = scenario === 'view';
  const navigationDisabled = !viewing || busy;
  const s = FORM_SHORTCUTS;
  // a phone: Smart Copy, Delete and the extras wait in the 'More actions' menu, so the toolbar is two rows
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const editing = canEdit && viewing;
  const copyAndDelete = editing && (
    <>
      <ToolbarAction
        icon={<ContentCopyIcon />}
        disabled={!hasSelection || busy}
        onClick={props.onDuplicate}
        title={hint('Smart Copy', s.duplicate.keys)}
      >
        Smart Copy
      </ToolbarAction>
      <ToolbarAction
        color="error"
        icon={<DeleteIcon />}
        disabled={!hasSelection || busy}
        onClick={props.onDelete}
        title={hint('Delete', s.delete.keys)}
      >
        Delete
      </ToolbarAction>
    </>
  );
  const more = phone && (editing || props.children);
  return (
    <Box
      role="toolbar"
      aria-label="Record actions"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
    >
      {canEdit && viewing && (
        <>
          <Button
            startIcon={<EditIcon />}
            disabled={!hasSelection || busy}
            onClick={props.onEdit}
            title={hint('Edit', s.edit.keys)}
          >
            Edit
          </Button>
          <Button startIcon={<AddIcon />} disabled={busy} onClick={props.onNew} title={hint('New', s.new.keys)}>
            New
          </Button>
          {!phone && copyAndDelete}
        </>
      )}
      {!viewing && (
        <>
          <Button
            variant="contained"
            startIcon={<SaveIcon />}
            disabled={saveDisabled || busy}
            onClick={props.onSave}
            title={hint('Save', s.save.keys)}
          >
            Save
          </Button>
          <Button
            startIcon={<CancelIcon />}
            disabled={busy}
            onClick={props.onCancel}
            title={hint('Cancel', s.cancel.keys)}
          >
            Cancel
          </Button>
        </>
      )}
      {more && (
        <MoreActionsMenu>
          {copyAndDelete}
          {props.children}
        </MoreActionsMenu>
      )}
      {(canEdit || !viewing) && !phone && <Divider orientation="vertical" flexItem />}
      <RecordNavigation {...props} disabled={navigationDisabled} />
      {!more && props.children && (
        <>
          <Divider orientation="vertical" flexItem />
          {props.children}
        </>
      )}
    </Box>
  );
}
