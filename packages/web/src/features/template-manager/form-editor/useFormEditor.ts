import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { FormTemplate } from '@mdis/shared';
import { formEditPathOf } from '../model-forms/formPaths';
import type { FormSeed } from '../templateManager.api';
import { formNameOf, templateOfDraft, type ColumnMap, type FormDraft } from './formDraft';
import { layoutOf } from './formLayout';
import { useFormCacheRefresh } from './useFormCacheRefresh';
import { useSaveForm, type EditorScenario } from './useSaveForm';

export interface FormEditorSource {
  scenario: EditorScenario;
  modelFullName: string;
  /** The stored template (update). */
  stored?: FormTemplate;
  seed: FormSeed;
  columns: ColumnMap;
  /** The value lists' names; null when they could not be read (the server still upper-cases). */
  listNames: readonly string[] | null;
}

function initialDraft({ stored, seed, modelFullName }: FormEditorSource): FormDraft {
  return {
    name: stored?.name ?? '',
    dataModel: modelFullName,
    layout: layoutOf(stored?.fields ?? seed.initialTemplate.fields),
    subForms: Object.keys(stored?.subForms ?? {}),
    supForms: Object.keys(stored?.supForms ?? {}),
  };
}

/**
 * The editor's draft and its two ways out (spec 3 §4): Save (create → the update route of the new
 * form) and Save & Generate (save, then the generator; afterwards the client's form cache goes).
 */
export function useFormEditor(source: FormEditorSource) {
  const { scenario, modelFullName, stored, columns, listNames } = source;
  const navigate = useNavigate();
  const [draft, setDraft] = useState(() => initialDraft(source));
  const [nameError, setNameError] = useState<string | null>(null);
  const [generating, setGenerating] = useState(false);
  const [log, setLog] = useState<string[]>([]);
  const { mutation, serverErrors, dismissErrors } = useSaveForm(scenario, stored?.name);
  const refresh = useFormCacheRefresh();

  const save = (afterSave?: () => void) => {
    const { name, error } = scenario === 'update' ? { name: draft.name, error: null } : formNameOf(draft.name);
    setNameError(error);
    if (error) return;
    mutation.mutate(templateOfDraft({ ...draft, name }, columns, listNames, stored), {
      onSuccess: (saved) => {
        if (scenario === 'create') void navigate(formEditPathOf(modelFullName, saved.name), { replace: true });
        afterSave?.();
      },
    });
  };

  return {
    draft,
    setDraft,
    nameError,
    /** Leaving the name field: kebab-case, 'Name is required' when nothing is left. */
    handleNameBlur: () => {
      const { name, error } = formNameOf(draft.name);
      setDraft({ ...draft, name });
      setNameError(error);
    },
    saving: mutation.isPending,
    serverErrors,
    dismissErrors,
    save: () => save(),
    saveAndGenerate: () =>
      save(() => {
        setLog(['template saved']);
        setGenerating(true);
      }),
    generator: {
      open: generating,
      onLog: (line: string) => setLog((lines) => [...lines, line]),
      onGenerated: () => void refresh(draft.name, true),
      onClose: () => setGenerating(false),
    },
    log,
    clearLog: () => setLog([]),
  };
}
