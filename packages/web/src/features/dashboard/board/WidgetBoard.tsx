import { useMemo, useState, type ReactNode } from 'react';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  pointerWithin,
  useDroppable,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { SortableContext, rectSortingStrategy, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Widget } from '@mdis/shared';
import { containerOf, moveWidget, sameLists, toBoardLists, type BoardLists, type ContainerId } from './boardLists';
import { SortableWidget, type WidgetActions } from './SortableWidget';
import { WidgetCard } from './WidgetCard';

export interface WidgetBoardProps extends WidgetActions {
  widgets: readonly Widget[];
  editMode: boolean;
  onReorder: (lists: BoardLists) => void;
}

// A widget under the pointer wins over the area around it; an empty area spot means "at its end";
// outside both areas nothing moves. Keyboard drags have no pointer: they go to the nearest widget.
const widgetFirst: CollisionDetection = (args) => {
  // The dragged widget follows the pointer: it is never its own target.
  const others = args.droppableContainers.filter((container) => container.id !== args.active.id);
  if (args.pointerCoordinates) {
    const hits = pointerWithin({ ...args, droppableContainers: others });
    const widgets = hits.filter((hit) => typeof hit.id === 'number');
    return widgets.length > 0 ? widgets : hits;
  }
  return closestCenter({
    ...args,
    droppableContainers: others.filter((container) => typeof container.id === 'number'),
  });
};

interface DropAreaProps {
  id: ContainerId;
  label: string;
  highlighted: boolean;
  children: ReactNode;
}

function DropArea({ id, label, highlighted, children }: DropAreaProps) {
  const { setNodeRef } = useDroppable({ id });
  return (
    <Grid
      container
      spacing={2}
      ref={setNodeRef}
      role="list"
      aria-label={label}
      sx={{
        minHeight: 96,
        outline: highlighted ? '2px dashed' : 'none',
        outlineColor: 'primary.main',
        borderRadius: 1,
      }}
    >
      {children}
    </Grid>
  );
}

interface BoardAreaProps {
  id: ContainerId;
  label: string;
  highlighted: boolean;
  ids: readonly number[];
  byId: ReadonlyMap<number, Widget>;
  editMode: boolean;
  actions: WidgetActions;
}

function BoardArea({ id, label, highlighted, ids, byId, editMode, actions }: BoardAreaProps) {
  return (
    <SortableContext items={[...ids]} strategy={rectSortingStrategy}>
      <DropArea id={id} label={label} highlighted={highlighted}>
        {ids.map((widgetId) => {
          const widget = byId.get(widgetId);
          return (
            widget && (
              <SortableWidget
                key={widgetId}
                widget={widget}
                editMode={editMode}
                inactive={id === 'inactive'}
                {...actions}
              />
            )
          );
        })}
      </DropArea>
    </SortableContext>
  );
}

/**
 * The drag state: the widget being dragged and the area under the pointer. The lists change only
 * on drop: moving a widget between the areas while dragging resizes both, which can put the
 * pointer over the other area again and move it back, in a loop.
 */
function useBoardDrag(lists: BoardLists, byId: ReadonlyMap<number, Widget>, onReorder: (lists: BoardLists) => void) {
  const [overArea, setOverArea] = useState<ContainerId | null>(null);
  const [dragged, setDragged] = useState<Widget | null>(null);
  const reset = () => {
    setOverArea(null);
    setDragged(null);
  };
  const handlers = {
    onDragStart: ({ active }: DragStartEvent) => setDragged(byId.get(Number(active.id)) ?? null),
    onDragOver: ({ over }: DragOverEvent) => setOverArea(over ? (containerOf(lists, over.id) ?? null) : null),
    onDragEnd: ({ active, over }: DragEndEvent) => {
      reset();
      if (!over || active.id === over.id) return;
      const moved = moveWidget(lists, Number(active.id), over.id);
      if (!sameLists(moved, lists)) onReorder(moved);
    },
    onDragCancel: reset,
  };
  return { overArea, dragged, handlers };
}

/**
 * The active widgets in a grid and, in edit mode, the 'Inactive Widgets' area; a drop sends the
 * whole new arrangement: the listed widgets become active with their index as order, all others
 * inactive (spec 2 §4).
 */
export function WidgetBoard({ widgets, editMode, onReorder, ...actions }: WidgetBoardProps) {
  const lists = useMemo(() => toBoardLists(widgets), [widgets]);
  const byId = useMemo(() => new Map(widgets.map((widget) => [widget.id, widget])), [widgets]);
  const { overArea, dragged, handlers } = useBoardDrag(lists, byId, onReorder);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  return (
    <DndContext sensors={sensors} collisionDetection={widgetFirst} {...handlers}>
      <BoardArea
        id="active"
        label="Active Widgets"
        highlighted={overArea === 'active'}
        ids={lists.active}
        byId={byId}
        editMode={editMode}
        actions={actions}
      />
      {editMode && (
        <Paper variant="outlined" sx={{ mt: 3, p: 2 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Inactive Widgets
          </Typography>
          {lists.inactive.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              Drag a widget here to hide it from the dashboard.
            </Typography>
          )}
          <BoardArea
            id="inactive"
            label="Inactive Widgets"
            highlighted={overArea === 'inactive'}
            ids={lists.inactive}
            byId={byId}
            editMode={editMode}
            actions={actions}
          />
        </Paper>
      )}
      {/* Fixed over the page, so a tall widget dragged near the bottom does not grow the page and
          make the automatic scrolling run away. */}
      <DragOverlay>{dragged && <WidgetCard widget={dragged} editMode headerOnly />}</DragOverlay>
    </DndContext>
  );
}
