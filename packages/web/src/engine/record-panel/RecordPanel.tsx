import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import Box from '@mui/material/Box';
import { type FormField, validateRecord } from '@mdis/shared';
import { recomputeCalculated } from '../fields/calculatedFields';
import { scopeSelectsToParent } from '../fields/select/parentScope';
import { serverErrorFor } from '../validation/serverErrors';
import { MemoFieldRenderer } from './FieldRenderer';
import { groupFields } from './groupFields';
import { RecordGroup } from './RecordGroup';
import { useCompactDisplay } from './compactDisplay';
import { ServerErrorSummary } from './ServerErrorSummary';
import type { RecordPanelProps } from './types';
import { useNestedObjects } from './useNestedObjects';
import { useTouchedFields } from './useTouchedFields';

/**
 * The current record of a generic form: its fields in their groups, one registry input each.
 * Controlled: every edit goes to onChange with the calculated fields recomputed. Client messages
 * show for edited fields (all with showAllErrors); the server's 422 shows under the fields and above them.
 * Compact display follows the cookie unless `compact` is given; @uuid objects are restored and cached.
 */
export function RecordPanel(props: RecordPanelProps) {
  const { form, columns, parent, scenario, onChange, serverErrors = [], onDismissServerErrors, showAllErrors } = props;
  const record = useNestedObjects(form.name, props.record);
  const cookieCompact = useCompactDisplay().compact;
  const compact = props.compact ?? cookieCompact;
  const fields = useMemo(() => scopeSelectsToParent(form), [form]);
  const groups = useMemo(() => groupFields(fields, compact), [fields, compact]);
  const touched = useTouchedFields(scenario);
  const readOnly = scenario === 'view';
  const clientErrors = useMemo(
    () => (readOnly ? [] : validateRecord(form, record, columns)),
    [readOnly, form, record, columns],
  );

  const messageFor = (name: string) => {
    const client = showAllErrors || touched.has(name) ? serverErrorFor(clientErrors, name) : undefined;
    return client ?? serverErrorFor(serverErrors, name);
  };

  // One handler for the whole life of the panel, so unchanged fields skip their re-render.
  const latest = useRef({ form, columns, parent, record, onChange, touch: touched.touch });
  useLayoutEffect(() => {
    latest.current = { form, columns, parent, record, onChange, touch: touched.touch };
  });
  const handleFieldChange = useCallback((name: string, value: unknown) => {
    const current = latest.current;
    current.touch(name);
    const next = { ...current.record, [name]: value };
    current.onChange(recomputeCalculated(current.form, next, current.columns, current.parent));
  }, []);

  const renderField = (field: FormField) => (
    <MemoFieldRenderer
      field={field}
      column={columns && Object.hasOwn(columns, field.name) ? columns[field.name] : undefined}
      record={record}
      readOnly={readOnly}
      error={messageFor(field.name)}
      onFieldChange={handleFieldChange}
    />
  );

  return (
    <Box data-record-panel data-scenario={scenario}>
      <ServerErrorSummary errors={serverErrors} onDismiss={onDismissServerErrors} />
      {groups.map((group) => (
        <RecordGroup key={group.name} group={group} renderField={renderField} />
      ))}
    </Box>
  );
}
