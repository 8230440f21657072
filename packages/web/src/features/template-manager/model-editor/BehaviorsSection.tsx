import { useState, type Dispatch } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { behaviorName, type BehaviorTemplate, type ModelTemplate } from '@mdis/shared';
import type { BehaviorInfo } from '../templateManager.api';
import { BehaviorParameterInput } from './BehaviorParameterInput';
import { EditorSection } from './EditorSection';
import type { EditorAction } from './modelEditorReducer';

function BehaviorCard(props: {
  behavior: BehaviorTemplate;
  info: BehaviorInfo | undefined;
  /** The model's column names, for the column pickers. */
  columns: readonly string[];
  index: number;
  dispatch: Dispatch<EditorAction>;
}) {
  const { behavior, info, columns, index, dispatch } = props;
  const name = info?.name ?? behaviorName(behavior);
  const values = behavior.parameters ?? {};
  // parameters the registry lists (each with its input), then any the template has beyond them
  // (old files): those stay raw JSON
  const known = info?.parameters ?? [];
  const extra = Object.keys(values)
    .filter((p) => !known.some((k) => k.name === p))
    .map((p) => ({ name: p, hint: '' }));
  return (
    <Paper variant="outlined" role="group" aria-label={`behavior ${name}`} sx={{ p: 1 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle1" component="h3">
          {name}
        </Typography>
        <IconButton
          size="small"
          aria-label={`Remove behavior ${name}`}
          onClick={() => dispatch({ type: 'removeBehavior', index })}
        >
          <DeleteIcon fontSize="inherit" />
        </IconButton>
      </Stack>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
        {[...known, ...extra].map((parameter) => (
          <BehaviorParameterInput
            key={parameter.name}
            parameter={parameter}
            value={values[parameter.name]}
            columns={columns}
            onChange={(value) => dispatch({ type: 'setBehaviorValue', index, name: parameter.name, value })}
          />
        ))}
      </Stack>
    </Paper>
  );
}

export interface BehaviorsSectionProps {
  template: ModelTemplate;
  behaviors: readonly BehaviorInfo[];
  dispatch: Dispatch<EditorAction>;
}

/**
 * Behaviors picked from the registry's catalog (filtered by the text typed). Each parameter gets
 * the input its declared kind asks for (column picker, number, switch, text); the server checks
 * them with the registry's messages when the model is saved.
 */
export function BehaviorsSection({ template, behaviors, dispatch }: BehaviorsSectionProps) {
  const [picked, setPicked] = useState<BehaviorInfo | null>(null);
  const columns = Object.keys(template.columns);
  const add = () => {
    if (!picked) return;
    dispatch({ type: 'addBehavior', behaviorClass: picked.behaviorClass });
    setPicked(null);
  };
  return (
    <EditorSection title="Behaviors">
      {template.behaviors.map((behavior, index) => (
        <BehaviorCard
          // behaviors have no id; the same class may appear twice
          key={`${behavior.behaviorClass}-${String(index)}`}
          behavior={behavior}
          info={behaviors.find((b) => b.behaviorClass === behavior.behaviorClass)}
          columns={columns}
          index={index}
          dispatch={dispatch}
        />
      ))}
      <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Autocomplete
          options={behaviors}
          value={picked}
          onChange={(_e, value) => setPicked(value)}
          getOptionLabel={(option) => option.name}
          isOptionEqualToValue={(option, value) => option.behaviorClass === value.behaviorClass}
          sx={{ minWidth: 'min(320px, 100%)' }}
          size="small"
          renderInput={(params) => <TextField {...params} label="Behavior" />}
        />
        <Button variant="outlined" disabled={!picked} onClick={add}>
          Add behavior
        </Button>
      </Stack>
    </EditorSection>
  );
}
