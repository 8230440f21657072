import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import AddIcon from '@mui/icons-material/Add';
import CancelIcon from '@mui/icons-material/Close';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import FirstPageIcon from '@mui/icons-material/FirstPage';
import LastPageIcon from '@mui/icons-material/LastPage';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import SaveIcon from '@mui/icons-material/Save';
import { FORM_SHORTCUTS } from '../shortcuts/shortcuts';

export type Scenario = 'view' | 'edit' | 'create';
export type NavigationTarget = 'first' | 'previous' | 'next' | 'last';

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
  total: number;
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

interface NavButtonProps {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}

function NavButton({ label, disabled, onClick, children }: NavButtonProps) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} size="small" disabled={disabled} onClick={onClick}>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** The form's actions (spec 1 §2 toolbar): scenario buttons, record navigation and the extras. */
export function FormToolbar(props: FormToolbarProps) {
  const { scenario, canEdit, hasSelection, saveDisabled, busy } = props;
  const viewing = scenario === 'view';
  const navigationDisabled = !viewing || busy;
  const s = FORM_SHORTCUTS;
  // a phone: Smart Copy, Delete and the extras wait behind 'More actions', so the toolbar is two rows
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [moreOpen, setMoreOpen] = useState(false);
  const editing = canEdit && viewing;
  const copyAndDelete = editing && (
    <>
      <Button
        startIcon={<ContentCopyIcon />}
        disabled={!hasSelection || busy}
        onClick={props.onDuplicate}
        title={hint('Smart Copy', s.duplicate.keys)}
      >
        Smart Copy
      </Button>
      <Button
        color="error"
        startIcon={<DeleteIcon />}
        disabled={!hasSelection || busy}
        onClick={props.onDelete}
        title={hint('Delete', s.delete.keys)}
      >
        Delete
      </Button>
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
      {more && <MoreToggle open={moreOpen} onToggle={() => setMoreOpen((was) => !was)} />}
      {(canEdit || !viewing) && !phone && <Divider orientation="vertical" flexItem />}
      <RecordNavigation {...props} disabled={navigationDisabled} />
      {more ? (
        // mounted while closed, so a dialog one of the extras opened lives on
        <Box id={MORE_ID} sx={{ flexBasis: '100%', display: moreOpen ? 'flex' : 'none', flexWrap: 'wrap', gap: 1 }}>
          {copyAndDelete}
          {props.children}
        </Box>
      ) : (
        props.children && (
          <>
            <Divider orientation="vertical" flexItem />
            {props.children}
          </>
        )
      )}
    </Box>
  );
}

function RecordNavigation(props: FormToolbarProps & { disabled: boolean }) {
  const { disabled, canGoBack, canGoForward, position, total, onNavigate } = props;
  // one unit: on a narrow screen the whole navigation wraps to its own row, never half of it
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <NavButton label="First record" disabled={disabled || !canGoBack} onClick={() => onNavigate('first')}>
        <FirstPageIcon />
      </NavButton>
      <NavButton label="Previous record" disabled={disabled || !canGoBack} onClick={() => onNavigate('previous')}>
        <NavigateBeforeIcon />
      </NavButton>
      <Typography variant="body2" aria-label="Record position" sx={{ minWidth: 56, textAlign: 'center' }}>
        {`${position ?? '-'} / ${total}`}
      </Typography>
      <NavButton label="Next record" disabled={disabled || !canGoForward} onClick={() => onNavigate('next')}>
        <NavigateNextIcon />
      </NavButton>
      <NavButton label="Last record" disabled={disabled || !canGoForward} onClick={() => onNavigate('last')}>
        <LastPageIcon />
      </NavButton>
    </Box>
  );
}

const MORE_ID = 'form-toolbar-more';

function MoreToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  return (
    <Tooltip title="More actions">
      <IconButton aria-label="More actions" aria-expanded={open} aria-controls={MORE_ID} onClick={onToggle}>
        <MoreHorizIcon />
      </IconButton>
    </Tooltip>
  );
}
