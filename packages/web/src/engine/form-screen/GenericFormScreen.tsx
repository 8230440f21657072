import { useCallback, useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { FormTemplate } from '@mdis/shared';
import { useNotifications } from '../../platform/notifications/NotificationsContext';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import type { FormRecord } from '../api/records.api';
import { FilterByValueDialog } from '../filter-bar/FilterByValueDialog';
import { RequiredFiltersDialog } from '../filter-bar/RequiredFiltersDialog';
import type { FilterSelection } from '../filter-bar/filterCascade';
import { toggleCompactDisplay } from '../record-panel';
import { useFormShortcuts } from '../shortcuts/useFormShortcuts';
import { FilterSection } from './FilterSection';
import { FormActions } from './FormActions';
import { FormScreenProvider, useFormScreen } from './FormScreenContext';
import { RecordSection } from './RecordSection';
import { TableSection } from './TableSection';
import { UnsavedChangesDialog } from './UnsavedChangesDialog';
import { FIELD_SELECTOR, SECTION_IDS, focusSection } from './focusSections';
import type { FormRoute, RouteUpdate } from './formScreenRoute';
import { useInitialFilterChange } from './useInitialFilterChange';

export interface GenericFormScreenProps {
  form: FormTemplate;
  route: FormRoute;
  onRouteChange: (next: RouteUpdate) => void;
  /**
   * The facet search's selection: where the filter bar starts when the URL has none (unless the
   * stored selection agrees with it), and applied again whenever it changes.
   */
  initialFilter?: FilterSelection | null;
  /** What a specialised form shows under the saved current record (the files form's preview). */
  renderRecordAddon?: (record: FormRecord) => ReactNode;
}

/** One generic form: filter bar, toolbar, record panel and record table (spec 1 §2). */
export function GenericFormScreen({
  form,
  route,
  onRouteChange,
  initialFilter = null,
  renderRecordAddon,
}: GenericFormScreenProps) {
  return (
    <FormScreenProvider form={form} route={route} onRouteChange={onRouteChange} initialFilter={initialFilter}>
      <FormScreenLayout initialFilter={initialFilter} renderRecordAddon={renderRecordAddon} />
    </FormScreenProvider>
  );
}

interface LayoutProps {
  initialFilter: FilterSelection | null;
  renderRecordAddon?: (record: FormRecord) => ReactNode;
}

function FormScreenLayout({ initialFilter, renderRecordAddon }: LayoutProps) {
  const { form, state, dispatch, actions, extras, setTableView, confirmation, guard } = useFormScreen();
  const { warn } = useNotifications();
  const [filterDialogOpen, setFilterDialogOpen] = useState(false);
  const { scenario } = state;

  useEffect(() => {
    if (extras.reportsFailed) warn('unable to get reports');
  }, [extras.reportsFailed, warn]);

  // a new or edited record starts in its first field (alt+shift+n, then type)
  useEffect(() => {
    if (scenario !== 'view') focusSection(SECTION_IDS.form, FIELD_SELECTOR);
  }, [scenario]);

  // the same functions in every render: the filter section is memoised
  const toggleFilterByValue = useCallback(() => {
    setTableView((view) => ({ ...view, showColumnFilters: !view.showColumnFilters }));
  }, [setTableView]);
  const openFilterByValue = useCallback(() => setFilterDialogOpen(true), []);
  useFormShortcuts({
    focusFilter: () => focusSection(SECTION_IDS.filter),
    // the first field, not the error summary's close button: typing goes on where it should
    focusForm: () => focusSection(SECTION_IDS.form, FIELD_SELECTOR),
    focusTable: () => focusSection(SECTION_IDS.table, 'tr[aria-current="true"], tr[data-record-id]'),
    toggleFilterByValue,
    openFilterByValue,
    // the record panel's compact display (cookie, spec 1 §3), not the theme's compact layout
    compactDisplay: toggleCompactDisplay,
    new: () => void actions.startNew(),
    edit: actions.startEdit,
    duplicate: () => void actions.startDuplicate(),
    delete: () => void actions.remove(),
    save: () => void actions.save(),
    cancel: () => guard.leave(actions.cancel),
  });

  useInitialFilterChange(initialFilter, (next) => dispatch({ type: 'filter', filter: next }));

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} aria-label={`${form.name} form`} role="region">
      <FilterSection onToggleFilterByValue={toggleFilterByValue} onOpenFilterByValue={openFilterByValue} />
      <FormActions />
      <RecordSection renderRecordAddon={renderRecordAddon} />
      <TableSection />
      <RequiredFiltersDialog open={actions.requiredDialogOpen} onClose={actions.closeRequiredDialog} />
      <FilterByValueDialog
        open={filterDialogOpen}
        fields={extras.searchable}
        value={state.valueFilters}
        onApply={(valueFilters) => {
          dispatch({ type: 'valueFilters', valueFilters });
          setFilterDialogOpen(false);
        }}
        onClose={() => setFilterDialogOpen(false)}
      />
      <ConfirmDialog
        open={confirmation.pending !== null}
        title={confirmation.pending?.title ?? ''}
        message={confirmation.pending?.message ?? ''}
        confirmLabel={confirmation.pending?.confirmLabel}
        onConfirm={() => confirmation.answer(true)}
        onCancel={() => confirmation.answer(false)}
      />
      <UnsavedChangesDialog open={guard.asking} onAnswer={guard.answer} />
    </Box>
  );
}
