import { useState, type ReactNode } from 'react';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { canRemoveGroup, groupTargetId, type FieldGroupState } from './formLayout';

/** A list that accepts dropped fields; empty, it still offers room to drop into. */
export function DropList({
  id,
  label,
  ids,
  children,
}: {
  id: string;
  label: string;
  ids: string[];
  children: ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id });
  return (
    <SortableContext id={id} items={ids} strategy={verticalListSortingStrategy}>
      <Box
        ref={setNodeRef}
        role="list"
        aria-label={label}
        sx={{
          display: 'flex',
          flexDirection: 'column',
          gap: 0.5,
          minHeight: 64,
          p: 0.5,
          borderRadius: 1,
          outline: isOver ? '2px dashed' : '1px dashed',
          outlineColor: isOver ? 'primary.main' : 'divider',
        }}
      >
        {children}
        {ids.length === 0 && (
          // a list item, so the empty list is still a well-formed list for assistive technology
          <Typography role="listitem" variant="body2" color="text.secondary" sx={{ p: 1 }}>
            Drop fields here
          </Typography>
        )}
      </Box>
    </SortableContext>
  );
}

export interface GroupCardProps {
  group: FieldGroupState;
  title: string;
  nameError: (name: string) => string | null;
  onRename: (name: string) => void;
  onRemove: () => void;
  children: ReactNode;
}

/** One group: its name (a leading '-' means no heading on the form), its fields, remove when empty. */
export function GroupCard({ group, title, nameError, onRename, onRemove, children }: GroupCardProps) {
  const [text, setText] = useState(group.name);
  const error = text === group.name ? null : nameError(text);
  const commit = () => {
    if (nameError(text) === null) onRename(text.trim());
    else setText(group.name);
  };
  const removable = canRemoveGroup(group);
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb: 1 }}>
        <TextField
          label="Group name"
          size="small"
          fullWidth
          value={text}
          error={error !== null}
          helperText={error ?? (group.name.startsWith('-') ? 'No heading on the form' : ' ')}
          onChange={(event) => setText(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
          }}
        />
        <Tooltip title={removable ? 'Remove group' : 'Only an empty group other than the first can be removed'}>
          <span>
            <IconButton aria-label="Remove group" disabled={!removable} onClick={onRemove}>
              <DeleteIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      <DropList id={groupTargetId(group.id)} label={`${title} fields`} ids={group.fields}>
        {children}
      </DropList>
    </Paper>
  );
}
