import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { FieldError, ModelTemplate } from '@mdis/shared';
import { errorMessage, isApiError } from '../../../platform/api/ApiError';
import { useNotifications } from '../../../platform/notifications/NotificationsContext';
import { templateManagerApi, templateManagerKeys, type TableResult } from '../templateManager.api';

export const EDITOR_MESSAGES = {
  saved: 'saved successfully',
  created: 'created successfully',
  saveFailed: 'was not able to save the template',
  tableFailed: 'was not able to create/re-create the table',
  invalidName: 'Model name is invalid',
} as const;

export const updatePath = (fullName: string) =>
  `/settings/templates-manager/data-models/update/${encodeURIComponent(fullName)}`;

export function tableMessage(result: TableResult): string {
  if (result.plan.length === 0) return `table ${result.table} is up to date`;
  return `table ${result.table} created/re-created: ${result.plan.join('; ')}`;
}

const isDataLoss = (error: unknown) => isApiError(error) && error.status === 409;

/** The log lines, the 422 list, and the other failures as a 30 s warning (spec 3 §8). */
function useEditorFeedback() {
  const { notify, warn } = useNotifications();
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>([]);
  const [log, setLog] = useState<string[]>([]);
  return {
    notify,
    fieldErrors,
    setFieldErrors,
    log,
    clearLog: () => setLog([]),
    append: (line: string) => setLog((lines) => [...lines, line]),
    fail: (error: unknown) => {
      if (isApiError(error) && error.status === 422 && error.fieldErrors.length > 0) setFieldErrors(error.fieldErrors);
      else warn(errorMessage(error));
    },
  };
}

/** One step at a time: the buttons wait while a step runs. */
function useBusy() {
  const [busy, setBusy] = useState(false);
  const run = async (step: () => Promise<void>) => {
    setBusy(true);
    try {
      await step();
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/**
 * The table step: schema sync; a plan that drops data (409) waits for the user's confirmation
 * and is retried with allowDataLoss; success opens the code generator.
 */
function useTableStep(feedback: ReturnType<typeof useEditorFeedback>, refresh: () => void) {
  /** The server's data-loss message while the user decides, and the model it is about. */
  const [dataLoss, setDataLoss] = useState<{ model: string; message: string } | null>(null);
  const [generating, setGenerating] = useState<string | null>(null);
  async function buildTable(model: string, allowDataLoss: boolean) {
    try {
      feedback.append(tableMessage(await templateManagerApi.createModelTable(model, allowDataLoss)));
      refresh();
      setGenerating(model);
    } catch (error) {
      if (isDataLoss(error) && !allowDataLoss) {
        setDataLoss({ model, message: errorMessage(error) });
        return;
      }
      feedback.append(EDITOR_MESSAGES.tableFailed);
      feedback.fail(error);
    }
  }

  return { dataLoss, setDataLoss, generating, setGenerating, buildTable };
}

export interface ModelEditorSaveOptions {
  scenario: 'create' | 'update';
  /** The stored template, as the server shaped it, replaces the editor's state. */
  onSaved: (template: ModelTemplate) => void;
}

/** Save, and Save & Generate in three steps (spec 3 §4): save the template, create the table, generate. */
export function useModelEditorSave({ scenario, onSaved }: ModelEditorSaveOptions) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const feedback = useEditorFeedback();
  const { busy, run } = useBusy();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: templateManagerKeys.all });
  const { dataLoss, setDataLoss, generating, setGenerating, buildTable } = useTableStep(feedback, refresh);

  async function save(template: ModelTemplate): Promise<ModelTemplate | null> {
    feedback.setFieldErrors(template.name ? [] : [{ field: 'name', message: EDITOR_MESSAGES.invalidName }]);
    if (!template.name) return null;
    try {
      const saved = await (scenario === 'create'
        ? templateManagerApi.createModel(template)
        : templateManagerApi.updateModel(template.fullName, template));
      refresh();
      return saved;
    } catch (error) {
      feedback.fail(error);
      return null;
    }
  }

  return {
    ...feedback,
    busy,
    dataLoss,
    generating,
    closeGenerator: () => setGenerating(null),
    onGenerated: refresh,
    save: (template: ModelTemplate) =>
      run(async () => {
        const saved = await save(template);
        if (!saved) return;
        feedback.notify(scenario === 'create' ? EDITOR_MESSAGES.created : EDITOR_MESSAGES.saved, 'success');
        if (scenario === 'create') void navigate(updatePath(saved.fullName));
        else onSaved(saved);
      }),
    saveAndGenerate: (template: ModelTemplate) =>
      run(async () => {
        feedback.clearLog();
        const saved = await save(template);
        feedback.append(saved ? EDITOR_MESSAGES.saved : EDITOR_MESSAGES.saveFailed);
        if (!saved) return;
        onSaved(saved);
        await buildTable(saved.fullName, false);
      }),
    confirmDataLoss: () =>
      run(async () => {
        setDataLoss(null);
        if (dataLoss) await buildTable(dataLoss.model, true);
      }),
    cancelDataLoss: () => {
      setDataLoss(null);
      feedback.append(EDITOR_MESSAGES.tableFailed);
    },
  };
}
