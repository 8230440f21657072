import { useState, type Dispatch } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import DeleteIcon from '@mui/icons-material/Delete';
import type { ModelTemplate, RelationTemplate } from '@mdis/shared';
import { EditorSection } from './EditorSection';
import type { EditorNotice, ModelRef } from './editorModel';
import type { RelationDraft } from './linkEdits';
import type { EditorAction } from './modelEditorReducer';

const TYPE_LABELS: Record<string, string> = { parent: 'Parent', '1n': 'One-to-many', nm: 'Many-to-many' };
const EMPTY_DRAFT: RelationDraft = { relationType: '', relatedTable: '', displayColumn: '' };

function describe(relation: RelationTemplate): string {
  const related = relation.relationType === 'nm' ? relation.relatedTable : relation.foreignTable;
  const columns = (relation.localColumns ?? []).join(', ');
  return `${TYPE_LABELS[relation.relationType] ?? relation.relationType} to ${related ?? '?'} (${columns})`;
}

function RelationDraftFields(props: {
  models: readonly ModelRef[];
  draft: RelationDraft;
  onDraft: (draft: RelationDraft) => void;
  onAdd: () => void;
}) {
  const { models, draft, onDraft } = props;
  const related = models.find((m) => m.table === draft.relatedTable);
  const displayColumns = Object.values(related?.columns ?? {}).filter((c) => c.type !== 'many_to_many');
  return (
    <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <TextField
        select
        label="Relation type"
        size="small"
        sx={{ minWidth: 160 }}
        value={draft.relationType}
        onChange={(e) => onDraft({ ...draft, relationType: e.target.value as RelationDraft['relationType'] })}
      >
        <MenuItem value="1n">1n One-to-many</MenuItem>
        <MenuItem value="nm">nm Many-to-many</MenuItem>
      </TextField>
      <TextField
        select
        label="Related model"
        size="small"
        sx={{ minWidth: 'min(220px, 100%)' }}
        value={draft.relatedTable}
        onChange={(e) => onDraft({ ...draft, relatedTable: e.target.value, displayColumn: '' })}
      >
        {models.map((m) => (
          <MenuItem key={m.table} value={m.table}>
            {m.fullName}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Display column"
        size="small"
        sx={{ minWidth: 180 }}
        value={draft.displayColumn}
        disabled={displayColumns.length === 0}
        onChange={(e) => onDraft({ ...draft, displayColumn: e.target.value })}
      >
        <MenuItem value="">none</MenuItem>
        {displayColumns.map((c) => (
          <MenuItem key={c.name} value={c.name}>
            {c.name}
          </MenuItem>
        ))}
      </TextField>
      <Button variant="outlined" onClick={props.onAdd}>
        Add relation
      </Button>
    </Stack>
  );
}

export interface RelationsSectionProps {
  template: ModelTemplate;
  models: readonly ModelRef[];
  notice: EditorNotice | null;
  dispatch: Dispatch<EditorAction>;
}

/** 1n and nm relations; the parent relation is shown but cannot be removed. */
export function RelationsSection({ template, models, notice, dispatch }: RelationsSectionProps) {
  const [draft, setDraft] = useState<RelationDraft>(EMPTY_DRAFT);
  const add = () => {
    dispatch({ type: 'addRelation', draft, models });
    if (draft.relationType && draft.relatedTable) setDraft(EMPTY_DRAFT);
  };
  const relations = Object.entries(template.relations);
  return (
    <EditorSection title="Relations">
      {relations.length > 0 && (
        <List dense aria-label="relations">
          {relations.map(([key, relation]) => (
            <ListItem
              key={key}
              secondaryAction={
                <IconButton
                  edge="end"
                  size="small"
                  aria-label={`Remove relation ${key}`}
                  disabled={relation.relationType === 'parent'}
                  onClick={() => dispatch({ type: 'removeRelation', key })}
                >
                  <DeleteIcon fontSize="inherit" />
                </IconButton>
              }
            >
              <ListItemText primary={key} secondary={describe(relation)} />
            </ListItem>
          ))}
        </List>
      )}
      <RelationDraftFields models={models} draft={draft} onDraft={setDraft} onAdd={add} />
      {notice?.target === 'relation' && (
        <Alert severity="warning" onClose={() => dispatch({ type: 'dismissNotice' })}>
          {notice.message}
        </Alert>
      )}
    </EditorSection>
  );
}
