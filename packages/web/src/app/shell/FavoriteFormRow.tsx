import type { CSSProperties } from 'react';
import { NavLink } from 'react-router';
import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import type { FavoriteForm } from '../../platform/api/app.api';
import { favoriteLabel, formPath } from './favoriteForm';

/** What the drag-and-drop library binds to a row once it is loaded (useSortable's answer). */
export interface SortableBindings {
  setNodeRef: (element: HTMLElement | null) => void;
  setActivatorNodeRef: (element: HTMLElement | null) => void;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
  style: CSSProperties;
  isDragging: boolean;
}

export interface FavoriteFormRowProps {
  form: FavoriteForm;
  index: number;
  last: number;
  move: (index: number, by: -1 | 1) => void;
  onNavigate?: () => void;
  /** Absent until the user reaches for the list: the row looks the same, only its handle does not drag yet. */
  sortable?: SortableBindings;
}

/** A starred form: its drag handle, its link, and buttons that move it up or down by one. */
export function FavoriteFormRow({ form, index, last, move, onNavigate, sortable }: FavoriteFormRowProps) {
  const label = favoriteLabel(form);
  const isDragging = sortable?.isDragging ?? false;
  return (
    <ListItem
      ref={sortable?.setNodeRef}
      disablePadding
      data-favorite={form.key}
      style={sortable?.style}
      sx={{ zIndex: isDragging ? 1 : undefined, bgcolor: isDragging ? 'action.selected' : undefined }}
      secondaryAction={
        <>
          <IconButton
            size="small"
            aria-label={`Move ${label} up`}
            disabled={index === 0}
            onClick={() => move(index, -1)}
          >
            <ArrowUpwardIcon fontSize="inherit" />
          </IconButton>
          <IconButton
            size="small"
            aria-label={`Move ${label} down`}
            disabled={index === last}
            onClick={() => move(index, 1)}
          >
            <ArrowDownwardIcon fontSize="inherit" />
          </IconButton>
        </>
      }
    >
      <IconButton
        ref={sortable?.setActivatorNodeRef}
        size="small"
        {...sortable?.attributes}
        {...sortable?.listeners}
        aria-label={`Drag ${label} to reorder`}
        sx={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none', ml: 0.5 }}
      >
        <DragIndicatorIcon fontSize="inherit" />
      </IconButton>
      <ListItemButton component={NavLink} to={formPath(form)} onClick={onNavigate} sx={{ pl: 1 }}>
        <ListItemText primary={label} />
      </ListItemButton>
    </ListItem>
  );
}
