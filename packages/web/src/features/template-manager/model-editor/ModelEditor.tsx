import { useReducer } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ModelTemplate } from '@mdis/shared';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { CodeGeneratorDialog } from '../generator/CodeGeneratorDialog';
import { ManageFormsButton } from '../ModelCard';
import type { BehaviorInfo, ModelSummary } from '../templateManager.api';
import { BehaviorsSection } from './BehaviorsSection';
import { ColumnsSection } from './ColumnsSection';
import { ErrorSummary } from './ErrorSummary';
import { GenerationLog } from './GenerationLog';
import { IndicesSection } from './IndicesSection';
import { ModelIdentityFields } from './ModelIdentityFields';
import { modelEditorReducer } from './modelEditorReducer';
import { RelationsSection } from './RelationsSection';
import { useModelEditorSave } from './useModelEditorSave';

export interface ModelEditorProps {
  scenario: 'create' | 'update';
  initial: ModelTemplate;
  models: readonly ModelSummary[];
  behaviors: readonly BehaviorInfo[];
}

/**
 * The editor itself, keyed by the model: its state lives in a reducer (modelEditorReducer) so the
 * rules are plain functions. Save & Generate is the main action of a stored model; Save stays
 * usable there too, to keep unfinished work without touching the table.
 */
export function ModelEditor({ scenario, initial, models, behaviors }: ModelEditorProps) {
  const [{ template, notice }, dispatch] = useReducer(modelEditorReducer, { template: initial, notice: null });
  const saving = useModelEditorSave({ scenario, onSaved: (saved) => dispatch({ type: 'load', template: saved }) });
  const stored = models.find((m) => m.fullName === template.fullName);
  return (
    <>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        {/* Spec 3 §2: Save only creates; an existing model is saved by Save & Generate (save, table, code). */}
        <Button
          variant={scenario === 'create' ? 'contained' : 'outlined'}
          disabled={scenario === 'update' || saving.busy}
          onClick={() => void saving.save(template)}
        >
          Save
        </Button>
        <Button
          variant={scenario === 'create' ? 'outlined' : 'contained'}
          disabled={scenario === 'create' || saving.busy}
          onClick={() => void saving.saveAndGenerate(template)}
        >
          Save & Generate
        </Button>
        {scenario === 'update' && stored && <ManageFormsButton model={stored} />}
      </Stack>
      <ErrorSummary errors={saving.fieldErrors} onDismiss={() => saving.setFieldErrors([])} />
      <ModelIdentityFields
        template={template}
        scenario={scenario}
        models={models}
        notice={notice}
        dispatch={dispatch}
      />
      <ColumnsSection template={template} notice={notice} dispatch={dispatch} />
      <IndicesSection template={template} dispatch={dispatch} />
      <RelationsSection template={template} models={models} notice={notice} dispatch={dispatch} />
      <BehaviorsSection template={template} behaviors={behaviors} dispatch={dispatch} />
      <GenerationLog lines={saving.log} />
      <ConfirmDialog
        open={saving.dataLoss !== null}
        title="The table would lose data"
        message={`${saving.dataLoss?.message ?? ''} Re-create the table anyway?`}
        confirmLabel="Re-create the table"
        busy={saving.busy}
        onConfirm={() => void saving.confirmDataLoss()}
        onCancel={saving.cancelDataLoss}
      />
      <CodeGeneratorDialog
        open={saving.generating !== null}
        generatorId="dis-model"
        templateName={saving.generating ?? template.fullName}
        autoGenerate
        onLog={saving.append}
        onGenerated={saving.onGenerated}
        onClose={saving.closeGenerator}
      />
    </>
  );
}
