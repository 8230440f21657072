import { useState } from 'react';
import { WIDGET_UI_MESSAGES, type Widget } from '@mdis/shared';
import { isApiError } from '../../../platform/api/ApiError';
import { useNotifications } from '../../../platform/notifications/NotificationsContext';
import { recordsApi } from '../../../engine/api/records.api';
import { queryFilterErrors, toUpdate, validateDraft, type DraftErrors, type WidgetDraft } from './widgetForm';

/** The columns of a chart's table; undefined when they cannot be read (the server checks then). */
async function chartColumns(model: unknown): Promise<string[] | undefined> {
  if (typeof model !== 'string' || model.trim() === '') return undefined;
  try {
    return Object.keys((await recordsApi.modelTemplate(model.trim())).columns);
  } catch {
    return undefined;
  }
}

async function checkDraft(type: string, draft: WidgetDraft): Promise<DraftErrors> {
  const errors = validateDraft(type, draft);
  if (type !== 'SimpleChartWidget' || errors['extraSettings.queryFilter']) return errors;
  const columns = await chartColumns(draft.extraSettings.model);
  return { ...queryFilterErrors(draft.extraSettings.queryFilter, columns), ...errors };
}

const SAVE_SOURCE = 'widget-settings-save';

/**
 * Checks the draft like the server, then saves it. A 422 lands at the fields; anything else
 * warns 'could not save widget settings.' and leaves the dialog open.
 */
export function useWidgetSettingsSave(
  widget: Widget,
  save: (id: number, body: ReturnType<typeof toUpdate>) => Promise<void>,
  onSaved: () => void,
) {
  const { warn, settle } = useNotifications();
  const [errors, setErrors] = useState<DraftErrors>({});
  const [saving, setSaving] = useState(false);
  const submit = async (draft: WidgetDraft) => {
    setSaving(true);
    try {
      const found = await checkDraft(widget.type, draft);
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      await save(widget.id, toUpdate(draft));
      settle(SAVE_SOURCE);
      onSaved();
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        setErrors(Object.fromEntries(error.fieldErrors.map((field) => [field.field, field.message])));
      } else warn(WIDGET_UI_MESSAGES.save, SAVE_SOURCE);
    } finally {
      setSaving(false);
    }
  };
  return { errors, saving, submit };
}
