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
import { FavoriteFormRow, type FavoriteFormRowProps } from './FavoriteFormRow';
import { FavoritesFrame, favoriteRows, type FavoriteFormsListProps } from './FavoriteFormsList';
import { favoriteId } from './favoriteForm';

function SortableFavorite(props: Omit<FavoriteFormRowProps, 'sortable'>) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: favoriteId(props.form),
  });
  const style = { transform: CSS.Translate.toString(transform), transition };
  return (
    <FavoriteFormRow
      {...props}
      sortable={{ attributes, listeners, setNodeRef, setActivatorNodeRef, style, isDragging }}
    />
  );
}

/** FavoriteFormsList with its rows draggable by their handle (the drag-and-drop library's chunk). */
export function SortableFavoriteFormsList({
  favorites,
  onNavigate,
}: Pick<FavoriteFormsListProps, 'favorites' | 'onNavigate'>) {
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
      <FavoritesFrame empty={list.length === 0}>
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          {favoriteRows(favorites, onNavigate, SortableFavorite)}
        </SortableContext>
      </FavoritesFrame>
    </DndContext>
  );
}
