import type { Dispatch } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ModelTemplate } from '@mdis/shared';
import { CommitTextField } from './CommitTextField';
import type { EditorNotice, ModelRef } from './editorModel';
import type { EditorAction } from './modelEditorReducer';

const NO_PARENT = '';

export interface ModelIdentityFieldsProps {
  template: ModelTemplate;
  scenario: 'create' | 'update';
  models: readonly ModelRef[];
  notice: EditorNotice | null;
  dispatch: Dispatch<EditorAction>;
}

/** Module, name (upper camel case; fixed once created, as the server keeps it) and parent model. */
export function ModelIdentityFields({ template, scenario, models, notice, dispatch }: ModelIdentityFieldsProps) {
  const nameError = notice?.target === 'name' ? notice.message : undefined;
  const choose = (fullName: string) =>
    dispatch({ type: 'setParent', parent: models.find((m) => m.fullName === fullName) ?? null });
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField label="Module" size="small" value={template.module} disabled />
      <CommitTextField
        label="Model name"
        size="small"
        required
        value={template.name}
        disabled={scenario === 'update'}
        error={Boolean(nameError)}
        helperText={nameError ?? (template.table ? `table ${template.table}` : ' ')}
        onCommit={(name) => dispatch({ type: 'setName', name })}
      />
      <TextField
        select
        label="Parent model"
        size="small"
        sx={{ minWidth: 'min(240px, 100%)' }}
        value={template.parentModel ?? NO_PARENT}
        onChange={(e) => choose(e.target.value)}
      >
        <MenuItem value={NO_PARENT}>none</MenuItem>
        {models.map((m) => (
          <MenuItem key={m.fullName} value={m.fullName}>
            {m.fullName}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
