import { useState, type ReactNode } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import SettingsIcon from '@mui/icons-material/Settings';
import type { FormField } from '@mdis/shared';
import { groupTitle, type FieldGroupState } from './formLayout';

export interface FieldCardProps {
  field: FormField;
  leading?: ReactNode;
  trailing?: ReactNode;
  dimmed?: boolean;
}

/** The look of a field: label, column name and input type; also what the drag overlay shows. */
export function FieldCard({ field, leading, trailing, dimmed }: FieldCardProps) {
  return (
    <Paper
      variant="outlined"
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 0.5, py: 0.25, opacity: dimmed ? 0.4 : 1 }}
    >
      {leading}
      <div style={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="body2" noWrap>
          {field.label || field.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          {field.name} · {field.formInput.type}
        </Typography>
      </div>
      {trailing}
    </Paper>
  );
}

export interface FieldItemProps {
  field: FormField;
  /** In the palette: offers 'add to group'; in a group: settings and remove. */
  groups?: readonly FieldGroupState[];
  onAddToGroup?: (groupId: number) => void;
  onSettings?: () => void;
  /** Absent when the field cannot leave the form (the database requires it). */
  onRemove?: () => void;
}

function AddToGroupButton({
  name,
  groups,
  onAdd,
}: {
  name: string;
  groups: readonly FieldGroupState[];
  onAdd: (id: number) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title="Add to group">
        <IconButton size="small" aria-label={`Add ${name} to a group`} onClick={(e) => setAnchor(e.currentTarget)}>
          <AddIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu open={anchor !== null} anchorEl={anchor} onClose={() => setAnchor(null)}>
        {groups.map((group, index) => (
          <MenuItem
            key={group.id}
            onClick={() => {
              setAnchor(null);
              onAdd(group.id);
            }}
          >
            {groupTitle(group, index)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** A field that can be dragged (by its handle or with the keyboard) into and between groups. */
export function FieldItem({ field, groups, onAddToGroup, onSettings, onRemove }: FieldItemProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: field.name,
  });
  const leading = (
    <>
      <IconButton
        size="small"
        ref={setActivatorNodeRef}
        aria-label={`Drag ${field.name}`}
        sx={{ cursor: 'grab', touchAction: 'none' }}
        {...attributes}
        {...listeners}
      >
        <DragIndicatorIcon fontSize="small" />
      </IconButton>
      {groups && onAddToGroup && <AddToGroupButton name={field.name} groups={groups} onAdd={onAddToGroup} />}
    </>
  );
  const trailing = (
    <>
      {onSettings && (
        <Tooltip title="Settings">
          <IconButton size="small" aria-label={`Settings of ${field.name}`} onClick={onSettings}>
            <SettingsIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {onRemove && (
        <Tooltip title="Back to the fields">
          <IconButton size="small" aria-label={`Remove ${field.name}`} onClick={onRemove}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </>
  );
  return (
    <div
      ref={setNodeRef}
      role="listitem"
      aria-label={field.name}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <FieldCard field={field} leading={leading} trailing={trailing} dimmed={isDragging} />
    </div>
  );
}
