import type { Dispatch } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import Stack from '@mui/material/Stack';
import { isColumnEditable, type ModelTemplate } from '@mdis/shared';
import { AddNamedItem } from './AddNamedItem';
import { ColumnRow } from './ColumnRow';
import type { EditorNotice } from './editorModel';
import type { EditorAction } from './modelEditorReducer';
import { EditorSection } from './EditorSection';

export interface ColumnsSectionProps {
  template: ModelTemplate;
  notice: EditorNotice | null;
  dispatch: Dispatch<EditorAction>;
}

/** The columns in their order (the order of the table and of the form seed), dragged to reorder. */
export function ColumnsSection({ template, notice, dispatch }: ColumnsSectionProps) {
  // a few pixels of movement before a drag starts, so a click on the handle is not a drag
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const keys = Object.keys(template.columns);
  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) dispatch({ type: 'moveColumn', from: String(active.id), to: String(over.id) });
  };
  return (
    <EditorSection title="Columns">
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={handleDragEnd}>
        <SortableContext items={keys} strategy={verticalListSortingStrategy}>
          <Stack spacing={1}>
            {keys.map((key) => (
              <ColumnRow
                key={key}
                column={template.columns[key]}
                editable={isColumnEditable(template, key)}
                error={notice?.target === `column:${key}` ? notice.message : undefined}
                onRename={(name) => dispatch({ type: 'renameColumn', key, name })}
                onChange={(patch) => dispatch({ type: 'updateColumn', key, patch })}
                onRemove={() => dispatch({ type: 'removeColumn', key })}
              />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
      <AddNamedItem
        label="New column name"
        action="Add column"
        onAdd={(name) => dispatch({ type: 'addColumn', name })}
      />
    </EditorSection>
  );
}
