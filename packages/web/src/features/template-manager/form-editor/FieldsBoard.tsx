import { useState } from 'react';
import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { FieldCard, FieldItem } from './FieldItem';
import { DropList, GroupCard } from './GroupCard';
import {
  addGroup,
  dropField,
  groupLabel,
  groupNameError,
  paletteOf,
  PALETTE_ID,
  placeField,
  removeField,
  removeGroup,
  renameGroup,
  type FieldMap,
  type FormLayout,
} from './formLayout';

export interface FieldsBoardProps {
  layout: FormLayout;
  available: FieldMap;
  isDatabaseRequired: (name: string) => boolean;
  onChange: (layout: FormLayout) => void;
  onFieldSettings: (name: string) => void;
}

const isList = (id: unknown) => id === PALETTE_ID || String(id).startsWith('group-');

// Under the pointer a field wins over the list around it. Keyboard drags step from field to field
// (a list's centre would swallow the step); an empty group takes fields through 'add to group'.
const fieldFirst: CollisionDetection = (args) => {
  const others = args.droppableContainers.filter((container) => container.id !== args.active.id);
  if (!args.pointerCoordinates) {
    const fields = others.filter((container) => !isList(container.id));
    return closestCenter({ ...args, droppableContainers: fields.length > 0 ? fields : others });
  }
  const hits = pointerWithin({ ...args, droppableContainers: others });
  const fields = hits.filter((hit) => !isList(hit.id));
  return fields.length > 0 ? fields : hits;
};

type BoardPartProps = Omit<FieldsBoardProps, 'onFieldSettings'>;

/** The fields not in the form yet; each can be dragged or added to a group from its menu. */
function FieldsPalette({ layout, available, onChange }: BoardPartProps) {
  const palette = paletteOf(layout, available);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="form-editor-fields" sx={{ p: 1.5 }}>
      <Typography id="form-editor-fields" variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        Fields
      </Typography>
      <DropList id={PALETTE_ID} label="Available fields" ids={palette}>
        {palette.map((name) => {
          const field = available[name];
          return (
            field && (
              <FieldItem
                key={name}
                field={field}
                groups={layout.groups}
                onAddToGroup={(groupId) => onChange(placeField(layout, name, groupId, available))}
              />
            )
          );
        })}
      </DropList>
    </Paper>
  );
}

/** The groups with their fields, and 'Add group'. */
function FieldGroups({ layout, isDatabaseRequired, onChange, onFieldSettings }: FieldsBoardProps) {
  const removeOf = (name: string) =>
    isDatabaseRequired(name) ? undefined : () => onChange(removeField(layout, name, isDatabaseRequired));
  return (
    <Stack spacing={2}>
      {layout.groups.map((group, index) => (
        <GroupCard
          key={group.id}
          group={group}
          title={groupLabel(index)}
          nameError={(name) => groupNameError(layout, group.id, name)}
          onRename={(name) => onChange(renameGroup(layout, group.id, name))}
          onRemove={() => onChange(removeGroup(layout, group.id))}
        >
          {group.fields.map((name) => {
            const field = layout.fields[name];
            return (
              field && (
                <FieldItem
                  key={name}
                  field={field}
                  onSettings={() => onFieldSettings(name)}
                  onRemove={removeOf(name)}
                />
              )
            );
          })}
        </GroupCard>
      ))}
      <Box>
        <Button startIcon={<AddIcon />} onClick={() => onChange(addGroup(layout))}>
          Add group
        </Button>
      </Box>
    </Stack>
  );
}

/**
 * The Fields palette and the groups of the form (spec 3 §2 form editor). Fields move by dragging
 * their handle (pointer or keyboard: space, arrows, space), or by 'add to group' and 'remove'.
 * The arrangement changes on drop only, so the lists do not jump while dragging.
 */
export function FieldsBoard(props: FieldsBoardProps) {
  const { layout, available, isDatabaseRequired, onChange } = props;
  const [dragged, setDragged] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    if (over) onChange(dropField(layout, String(active.id), String(over.id), available, isDatabaseRequired));
  };
  const draggedField = dragged === null ? undefined : (layout.fields[dragged] ?? available[dragged]);

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={fieldFirst}
      // Scroll only near the very edge: a drop aimed at a group low in the window should stay there.
      autoScroll={{ threshold: { x: 0, y: 0.08 } }}
      onDragStart={({ active }) => setDragged(String(active.id))}
      onDragEnd={handleDragEnd}
      onDragCancel={() => setDragged(null)}
    >
      {/* minmax(0, …): a long field name shrinks its card instead of widening the page on a phone */}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '280px minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <FieldsPalette {...props} />
        <FieldGroups {...props} />
      </Box>
      {/* No drop animation: the field is in its new place at once, and the next drag can start. */}
      <DragOverlay dropAnimation={null}>{draggedField && <FieldCard field={draggedField} />}</DragOverlay>
    </DndContext>
  );
}
