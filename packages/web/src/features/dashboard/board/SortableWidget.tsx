import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import SettingsIcon from '@mui/icons-material/Settings';
import type { Widget } from '@mdis/shared';
import { WidgetCard } from './WidgetCard';

export interface WidgetActions {
  onSettings: (widget: Widget) => void;
  onDuplicate: (widget: Widget) => void;
  onDelete: (widget: Widget) => void;
}

export interface SortableWidgetProps extends WidgetActions {
  widget: Widget;
  editMode: boolean;
  inactive?: boolean;
}

// Header-only cards: wide enough for the title next to the four edit buttons.
const INACTIVE_SIZE = { xs: 12, sm: 6, md: 6, lg: 4 };

export function SortableWidget({ widget, editMode, inactive, onSettings, onDuplicate, onDelete }: SortableWidgetProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: widget.id,
    disabled: !editMode,
  });
  const name = widget.title || widget.type;
  const size = inactive
    ? INACTIVE_SIZE
    : { xs: widget.xs_size, sm: widget.sm_size, md: widget.md_size, lg: widget.lg_size };
  const actions = editMode && (
    <>
      <Tooltip title="Settings">
        <IconButton color="inherit" aria-label={`settings of ${name}`} onClick={() => onSettings(widget)}>
          <SettingsIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {widget.cloneable === 1 && (
        <Tooltip title="Duplicate">
          <IconButton color="inherit" aria-label={`duplicate ${name}`} onClick={() => onDuplicate(widget)}>
            <ContentCopyIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {widget.deletable === 1 && (
        <Tooltip title="Delete">
          <IconButton color="inherit" aria-label={`delete ${name}`} onClick={() => onDelete(widget)}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <IconButton
        color="inherit"
        ref={setActivatorNodeRef}
        aria-label={`drag ${name}`}
        sx={{ cursor: 'grab', touchAction: 'none' }}
        {...attributes}
        {...listeners}
      >
        <DragIndicatorIcon fontSize="small" />
      </IconButton>
    </>
  );
  return (
    <Grid
      ref={setNodeRef}
      role="listitem"
      size={size}
      sx={{
        transform: CSS.Translate.toString(transform),
        transition,
        // the overlay follows the pointer; the widget's own place stays visible, dimmed
        opacity: isDragging ? 0.4 : 1,
        position: 'relative',
      }}
    >
      <WidgetCard widget={widget} editMode={editMode} headerOnly={inactive} actions={actions || undefined} />
    </Grid>
  );
}
