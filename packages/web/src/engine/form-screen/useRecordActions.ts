import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useQueryClient } from '@tanstack/react-query';
import { type ColumnTemplate, type FormTemplate, validateRecord } from '@mdis/shared';
import { errorMessage, isApiError } from '../../platform/api/ApiError';
import { useNotifications } from '../../platform/notifications/NotificationsContext';
import { refreshAfterWrite, storeSavedRecord } from '../api/recordCache';
import { recordKeys, recordsApi, type FormRecord } from '../api/records.api';
import { missingRequiredFilters, requiredFilterParams } from '../filter-bar/filterCascade';
import { recomputeCalculated, type FieldError, type ParentRecord } from '../record-panel';
import { nextPaint } from '../../ui/nextPaint';
import { printAfterSave } from '../toolbar/autoPrint';
import { resetEmptySelects } from '../validation/resetEmptySelects';
import { confirmationsFor, type ConfirmationMoment } from './confirmations';
import type { FormScreenState } from './formScreenReducer';
import type { useConfirm } from './useConfirm';
import type { FormScreenDispatch } from './useFormScreenStore';

export const MESSAGES = {
  created: 'Record was created successfully',
  updated: 'Record was updated successfully',
  deleted: 'deleted successfully',
  deleteTitle: 'Delete a record',
  deleteText: 'Are you sure? this action could not be reverted.',
  confirmTitle: 'Please confirm!',
  cannotDelete: (message: string) => `cannot delete - ${message}`,
} as const;

interface ActionsOptions {
  form: FormTemplate;
  /** The model's columns once loaded: validated as the panel and the server do. */
  columns?: Readonly<Record<string, ColumnTemplate>>;
  /** The parent record, once loaded: formulas reading it are computed on entering edit or create. */
  parent?: ParentRecord;
  state: FormScreenState;
  /** The state at the moment of a call: a save started by the leave guard runs after its dialog. */
  getState: () => FormScreenState;
  dispatch: FormScreenDispatch;
  /** The saved current record (view). */
  record: FormRecord | null;
  canEdit: boolean;
  confirm: ReturnType<typeof useConfirm>['confirm'];
}

export function recordId(record: FormRecord | null): number | null {
  const id = record?.id;
  return typeof id === 'number' ? id : typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : null;
}

/**
 * The form's scenarios (spec 1 §4): view → edit / create → save or cancel → view; delete. The
 * scenario and the draft are the reducer's; this adds the server calls, confirmations and messages.
 */
export function useRecordActions(options: ActionsOptions) {
  const { form, columns, parent, state, getState, dispatch, record, canEdit, confirm } = options;
  const { notify, warn } = useNotifications();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const [requiredErrors, setRequiredErrors] = useState<string[]>([]);
  const [requiredDialogOpen, setRequiredDialogOpen] = useState(false);
  const { scenario, filter } = state;
  const id = recordId(record);
  const missingFilters = missingRequiredFilters(form, filter);

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

  /** New errors to show; none after none keeps the panel's props as they were (no re-render). */
  const showErrors = (next: FieldError[]) =>
    setErrors((shown) => (shown.length === 0 && next.length === 0 ? shown : next));

  // What a save asks the server for again is asked once the panel shows the saved record (the
  // effect after that render), so that the refetches' renders come after the switch to view.
  const refreshPending = useRef<(() => void) | null>(null);
  const saving = useRef(false);
  useEffect(() => {
    const refresh = refreshPending.current;
    if (!refresh || scenario !== 'view') return;
    refreshPending.current = null;
    refresh();
  }, [scenario]);

  const run = async <T>(work: () => Promise<T>): Promise<T> => {
    setBusy(true);
    try {
      return await work();
    } finally {
      setBusy(false);
    }
  };

  const startEdit = () => {
    if (!canEdit || scenario !== 'view' || !record) return;
    showErrors([]);
    dispatch({ type: 'edit', record: recomputeCalculated(form, record, columns, parent), id });
  };

  const startNew = () =>
    run(async () => {
      if (!canEdit || scenario !== 'view' || !filtersReady() || !(await confirmed('new'))) return;
      try {
        const values = await recordsApi.defaults(form.name, requiredFilterParams(form, filter));
        showErrors([]);
        dispatch({ type: 'create', values: recomputeCalculated(form, values, columns, parent) });
      } catch (error) {
        warn(errorMessage(error));
      }
    });

  const startDuplicate = () =>
    run(async () => {
      if (!canEdit || scenario !== 'view' || id === null || !filtersReady()) return;
      try {
        const copy = await recordsApi.duplicate(form.name, id);
        showErrors([]);
        dispatch({
          type: 'create',
          values: recomputeCalculated(form, { ...copy, ...requiredFilterParams(form, filter) }, columns, parent),
        });
      } catch (error) {
        warn(errorMessage(error));
      }
    });

  const cancel = () => {
    showErrors([]);
    dispatch({ type: 'cancel' });
  };

  /**
   * Saves the draft; true when it was saved (issue 18 §2: to its confirmation ≤ 400 ms). The request
   * leaves in the click's own task, before anything renders (unless the template asks to confirm
   * first). On the answer the confirmation alone is rendered, and painted before the screen switches
   * to view; the server's record goes into the cache, so panel and table show it without waiting for
   * a refetch; the lists are read again once the switch is shown.
   */
  const save = async (): Promise<boolean> => {
    const current = getState();
    // a second alt+shift+s while one save is on its way (or finishing) sends nothing more
    if (current.scenario === 'view' || !current.draft || saving.current) return false;
    // spec 1 §5: validated and sent with empty selects as null, and the panel shows what is sent
    const values = resetEmptySelects(form, current.draft);
    if (values !== current.draft) dispatch({ type: 'normalise', draft: values });
    const invalid = validateRecord(form, values, columns);
    showErrors(invalid);
    if (invalid.length > 0) return false;
    if (confirmationsFor(form, 'submit').length > 0 && !(await confirmed('submit'))) return false;
    const creating = current.scenario === 'create';
    const request = creating
      ? recordsApi.create(form.name, { ...values, ...requiredFilterParams(form, current.filter) })
      : recordsApi.update(form.name, current.editingId ?? 0, values);
    saving.current = true;
    setBusy(true);
    try {
      const saved = await request;
      flushSync(() => notify(creating ? MESSAGES.created : MESSAGES.updated, 'success'));
      await nextPaint();
      const savedId = recordId(saved) ?? current.editingId ?? 0;
      dispatch({ type: 'saved', id: savedId });
      setBusy(false);
      storeSavedRecord(queryClient, form.name, savedId, saved);
      refreshPending.current = () => void refreshAfterWrite(queryClient, form.name, savedId);
      printAfterSave(form.dataModel, form.name, savedId);
      return true;
    } catch (error) {
      setBusy(false);
      if (isApiError(error) && error.status === 422) setErrors(error.fieldErrors);
      else warn(errorMessage(error));
      return false;
    } finally {
      saving.current = false;
    }
  };

  // The toolbar is free again once the server confirms the delete: the lists are read again
  // without waiting for them (as after a save).
  const remove = () =>
    run(async () => {
      if (!canEdit || scenario !== 'view' || id === null) return;
      if (!(await confirm(MESSAGES.deleteTitle, MESSAGES.deleteText, 'Delete'))) return;
      try {
        await recordsApi.remove(form.name, id);
        notify(MESSAGES.deleted, 'success');
        dispatch({ type: 'deleted' });
        void queryClient.invalidateQueries({ queryKey: recordKeys.form(form.name) });
      } catch (error) {
        warn(MESSAGES.cannotDelete(errorMessage(error)));
      }
    });

  return {
    errors,
    dismissErrors: () => showErrors([]),
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

export type RecordActions = ReturnType<typeof useRecordActions>;
