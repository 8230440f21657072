import { NavLink } from 'react-router';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import type { FavoriteForm } from '../../platform/api/app.api';
import { favoriteId, favoriteLabel, formPath } from './favoriteForm';
import type { useFavoriteForms } from './useFavoriteForms';

interface SortableFavoriteProps {
  form: FavoriteForm;
  index: number;
  last: number;
  move: (index: number, by: -1 | 1) => void;
  onNavigate?: () => void;
}

function SortableFavorite({ form, index, last, move, onNavigate }: SortableFavoriteProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: favoriteId(form),
  });
  const label = favoriteLabel(form);
  return (
    <ListItem
      ref={setNodeRef}
      disablePadding
      data-favorite={form.key}
      style={{ transform: CSS.Translate.toString(transform), transition }}
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
        ref={setActivatorNodeRef}
        size="small"
        {...attributes}
        {...listeners}
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

export interface FavoriteFormsListProps {
  favorites: ReturnType<typeof useFavoriteForms>;
  onNavigate?: () => void;
}

/**
 * The starred forms, in the user's order: dragged by their handle (mouse, touch, or the keyboard:
 * space, arrows, space) or moved with the up/down buttons.
 */
export function FavoriteFormsList({ favorites, onNavigate }: FavoriteFormsListProps) {
  // a few pixels of movement before a drag starts, so a click on the handle is not a drag
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const list = favorites.favorites;
  const ids = list.map(favoriteId);
  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) favorites.moveTo(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  return (
    // outside the list: the drag context renders its screen-reader instructions, which a <ul> may not hold
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={handleDragEnd}>
      <List subheader={<ListSubheader component="li">Favourites</ListSubheader>} dense aria-label="Favourites">
        {list.length === 0 && (
          <Typography component="li" variant="body2" color="text.secondary" sx={{ px: 2, py: 0.5 }}>
            Star a form below to keep it here
          </Typography>
        )}
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          {list.map((form, index) => (
            <SortableFavorite
              key={favoriteId(form)}
              form={form}
              index={index}
              last={list.length - 1}
              move={favorites.move}
              onNavigate={onNavigate}
            />
          ))}
        </SortableContext>
      </List>
    </DndContext>
  );
}
