import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { type ColumnTemplate, type FormTemplate, validateRecord } from '@mdis/shared';
import { errorMessage, isApiError } from '../../platform/api/ApiError';
import { useNotifications } from '../../platform/notifications/NotificationsContext';
import { recordKeys, recordsApi, type FormRecord } from '../api/records.api';
import { missingRequiredFilters, requiredFilterParams, type FilterSelection } from '../filter-bar/filterCascade';
import { recomputeCalculated, type FieldError, type Scenario } from '../record-panel';
import { resetEmptySelects } from '../validation/resetEmptySelects';
import { confirmationsFor, type ConfirmationMoment } from './confirmations';
import type { useConfirm } from './useConfirm';

export const MESSAGES = {
  created: 'Record was created successfully',
  updated: 'Record was updated successfully',
  deleted: 'deleted successfully',
  deleteTitle: 'Delete a record',
  deleteText: 'Are you sure? this action could not be reverted.',
  confirmTitle: 'Please confirm!',
  cannotDelete: (message: string) => `cannot delete - ${message}`,
} as const;

interface ScenarioOptions {
  form: FormTemplate;
  /** The model's columns once loaded: validated as the panel and the server do. */
  columns?: Readonly<Record<string, ColumnTemplate>>;
  /** The saved current record (view). */
  record: FormRecord | null;
  selection: FilterSelection;
  canEdit: boolean;
  confirm: ReturnType<typeof useConfirm>['confirm'];
  onSaved: (id: number) => void;
  onDeleted: () => void;
}

function recordId(record: FormRecord | null): number | null {
  const id = record?.id;
  return typeof id === 'number' ? id : typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : null;
}

/** The form's scenarios (spec 1 §4): view → edit / create → save or cancel → view; delete. */
export function useRecordScenario(options: ScenarioOptions) {
  const { form, columns, record, selection, canEdit, confirm, onSaved, onDeleted } = options;
  const { notify, warn } = useNotifications();
  const queryClient = useQueryClient();
  const [scenario, setScenario] = useState<Scenario>('view');
  const [draft, setDraft] = useState<FormRecord | null>(null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const [requiredErrors, setRequiredErrors] = useState<string[]>([]);
  const [requiredDialogOpen, setRequiredDialogOpen] = useState(false);
  const id = recordId(record);
  const missingFilters = missingRequiredFilters(form, selection);

  const confirmed = async (moment: ConfirmationMoment) => {
    for (const message of confirmationsFor(form, moment))
      if (!(await confirm(MESSAGES.confirmTitle, message))) return false;
    return true;
  };

  const filtersReady = () => {
    setRequiredErrors(missingFilters);
    if (missingFilters.length === 0) return true;
    setRequiredDialogOpen(true);
    return false;
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const enter = (next: Scenario, values: FormRecord) => {
    setDraft(recomputeCalculated(form, values, columns));
    setErrors([]);
    setScenario(next);
  };

  const startEdit = () => {
    if (!canEdit || scenario !== 'view' || !record) return;
    enter('edit', record);
  };

  const startNew = () =>
    run(async () => {
      if (!canEdit || scenario !== 'view' || !filtersReady() || !(await confirmed('new'))) return;
      try {
        enter('create', await recordsApi.defaults(form.name, requiredFilterParams(form, selection)));
      } catch (error) {
        warn(errorMessage(error));
      }
    });

  const startDuplicate = () =>
    run(async () => {
      if (!canEdit || scenario !== 'view' || id === null || !filtersReady()) return;
      try {
        const copy = await recordsApi.duplicate(form.name, id);
        enter('create', { ...copy, ...requiredFilterParams(form, selection) });
      } catch (error) {
        warn(errorMessage(error));
      }
    });

  const cancel = () => {
    if (scenario === 'view') return;
    setScenario('view');
    setDraft(null);
    setErrors([]);
  };

  const save = () =>
    run(async () => {
      if (scenario === 'view' || !draft) return;
      // spec 1 §5: validated and sent with empty selects as null, and the panel shows what is sent
      const values = resetEmptySelects(form, draft);
      if (values !== draft) setDraft(values);
      const invalid = validateRecord(form, values, columns);
      setErrors(invalid);
      if (invalid.length > 0 || !(await confirmed('submit'))) return;
      try {
        const saved =
          scenario === 'create'
            ? await recordsApi.create(form.name, { ...values, ...requiredFilterParams(form, selection) })
            : await recordsApi.update(form.name, id ?? 0, values);
        notify(scenario === 'create' ? MESSAGES.created : MESSAGES.updated, 'success');
        setScenario('view');
        setDraft(null);
        await queryClient.invalidateQueries({ queryKey: recordKeys.form(form.name) });
        onSaved(recordId(saved) ?? id ?? 0);
      } catch (error) {
        if (isApiError(error) && error.status === 422) setErrors(error.fieldErrors);
        else warn(errorMessage(error));
      }
    });

  const remove = () =>
    run(async () => {
      if (!canEdit || scenario !== 'view' || id === null) return;
      if (!(await confirm(MESSAGES.deleteTitle, MESSAGES.deleteText, 'Delete'))) return;
      try {
        await recordsApi.remove(form.name, id);
        notify(MESSAGES.deleted, 'success');
        onDeleted();
        await queryClient.invalidateQueries({ queryKey: recordKeys.form(form.name) });
      } catch (error) {
        warn(MESSAGES.cannotDelete(errorMessage(error)));
      }
    });

  return {
    scenario,
    /** What the panel shows: the draft while editing or creating, else the saved record. */
    shown: scenario === 'view' ? record : draft,
    setDraft,
    errors,
    dismissErrors: () => setErrors([]),
    busy,
    saveDisabled: scenario === 'view' || (scenario === 'create' && missingFilters.length > 0),
    requiredErrors: requiredErrors.filter((key) => missingFilters.includes(key)),
    requiredDialogOpen,
    closeRequiredDialog: () => setRequiredDialogOpen(false),
    startEdit,
    startNew,
    startDuplicate,
    remove,
    save,
    cancel,
  };
}
