import { useState } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ColumnTemplate, FormField, FormTemplate } from '@mdis/shared';
import { NotificationsProvider } from '../../../platform/notifications/NotificationsContext';
import { RecordPanel } from '../../record-panel';
import type { FieldError, FormRecord, Scenario } from '../../record-panel';

type FieldSpec = Omit<Partial<FormField>, 'formInput'> & {
  name: string;
  // Templates arrive as JSON: tests also use input types the schema does not list.
  formInput?: Omit<Partial<FormField['formInput']>, 'type'> & { type?: string };
};

/** A form field as a template would carry it; label = name capitalised unless given. */
export function makeField({ formInput, ...spec }: FieldSpec): FormField {
  return {
    label: spec.name.charAt(0).toUpperCase() + spec.name.slice(1),
    validators: [],
    group: 'Details',
    order: 0,
    ...spec,
    formInput: { type: 'text', ...formInput } as FormField['formInput'],
  };
}

export function makeForm(fields: FieldSpec[]): FormTemplate {
  return {
    name: 'test',
    dataModel: 'TestModel',
    fields: fields.map(makeField),
    subForms: {},
    supForms: {},
    filterDataModels: {},
    requiredFilters: [],
  };
}

export interface PanelOptions {
  scenario?: Scenario;
  serverErrors?: FieldError[];
  onDismissServerErrors?: () => void;
  compact?: boolean;
  showAllErrors?: boolean;
  columns?: Record<string, ColumnTemplate>;
}

/** Renders a RecordPanel that keeps its record in state, as the form screen does; `changes` lists every onChange. */
export function renderPanel(form: FormTemplate, record: FormRecord = {}, options: PanelOptions = {}) {
  const changes: FormRecord[] = [];
  function Harness() {
    const [current, setCurrent] = useState(record);
    return (
      <RecordPanel
        form={form}
        columns={options.columns}
        record={current}
        scenario={options.scenario ?? 'edit'}
        serverErrors={options.serverErrors}
        onDismissServerErrors={options.onDismissServerErrors}
        compact={options.compact}
        showAllErrors={options.showAllErrors}
        onChange={(next) => {
          changes.push(next);
          setCurrent(next);
        }}
      />
    );
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <NotificationsProvider>
        <Harness />
      </NotificationsProvider>
    </QueryClientProvider>,
  );
  return { ...view, changes, last: () => changes.at(-1) ?? record };
}
