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

/** The drag handle's ref, ARIA attributes and pointer listeners from dnd-kit. */
type DragHandleProps = { ref: (element: HTMLElement | null) => void } & Record<string, unknown>;

/** A widget's buttons in edit mode: settings, duplicate and delete where allowed, and its drag handle. */
function EditActions(props: WidgetActions & { widget: Widget; name: string; dragHandle: DragHandleProps }) {
  const { widget, name, onSettings, onDuplicate, onDelete, dragHandle } = props;
  return (
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
        aria-label={`drag ${name}`}
        sx={{ cursor: 'grab', touchAction: 'none' }}
        {...dragHandle}
      >
        <DragIndicatorIcon fontSize="small" />
      </IconButton>
    </>
  );
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
    <EditActions
      widget={widget}
      name={name}
      onSettings={onSettings}
      onDuplicate={onDuplicate}
      onDelete={onDelete}
      dragHandle={{ ref: setActivatorNodeRef, ...attributes, ...listeners }}
    />
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
      <WidgetCard
        widget={widget}
        editMode={editMode}
        headerOnly={inactive}
        actions={actions || undefined}
        openSettings={editMode ? () => onSettings(widget) : undefined}
      />
    </Grid>
  );
}
