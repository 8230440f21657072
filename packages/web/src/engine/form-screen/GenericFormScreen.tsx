import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { canUseForm, hasRole, type FormTemplate } from '@mdis/shared';
import { useNotifications } from '../../platform/notifications/NotificationsContext';
import { useSessionContext } from '../../platform/session/SessionContext';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { recordKeys, recordsApi, type FormRecord } from '../api/records.api';
import { FilterByValueDialog } from '../filter-bar/FilterByValueDialog';
import { RequiredFiltersDialog } from '../filter-bar/RequiredFiltersDialog';
import type { FilterSelection } from '../filter-bar/filterCascade';
import { RecordPanel, toggleCompactDisplay } from '../record-panel';
import { totalCountWords } from '../record-table/totalCountWords';
import { RecordTable } from '../record-table/RecordTable';
import { useFormShortcuts } from '../shortcuts/useFormShortcuts';
import { FilterSection } from './FilterSection';
import { printAfterSave } from '../toolbar/autoPrint';
import { FormActions } from './FormActions';
import { SECTION_IDS, focusSection } from './focusSections';
import { useConfirm } from './useConfirm';
import { useFormExtras, useModelTemplate } from './useFormExtras';
import { useFormListState } from './useFormListState';
import { useInitialFilterChange } from './useInitialFilterChange';
import { useRecordNavigation, type FormRoute, type RouteUpdate } from './useRecordNavigation';
import { useRecordScenario } from './useRecordScenario';

// one empty list for every render, so the memoised table sees no change while the list loads
const NO_ITEMS: FormRecord[] = [];

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
  const { user, config } = useSessionContext();
  const { warn } = useNotifications();
  const holder = user ?? { roles: [], permissions: [] };
  const canEdit = canUseForm(holder, form.name, 'edit');
  const listState = useFormListState(form, route.filter, initialFilter);
  const { pending, confirm, answer } = useConfirm();
  const [filterDialogOpen, setFilterDialogOpen] = useState(false);
  const [locked, setLocked] = useState(false);
  const navigation = useRecordNavigation({ formName: form.name, listState, route, onRouteChange, locked });
  const { selectedId, select } = navigation;

  const listRow = listState.list.data?.items.find((item) => item.id === selectedId);
  const detail = useQuery({
    queryKey: recordKeys.detail(form.name, selectedId ?? 0),
    queryFn: () => recordsApi.get(form.name, selectedId ?? 0),
    enabled: selectedId !== null,
    placeholderData: listRow,
    retry: false,
  });
  const record = selectedId === null ? null : (detail.data ?? null);
  const { setCurrent } = navigation;
  // the record is gone (deleted elsewhere) or not allowed: nothing is selected
  useEffect(() => {
    if (detail.isError) setCurrent(null);
  }, [detail.isError, setCurrent]);

  const columns = useModelTemplate(form).data?.columns;
  const scenario = useRecordScenario({
    form,
    columns,
    record,
    selection: listState.selection,
    canEdit,
    confirm,
    onSaved: (savedId: number) => {
      setCurrent(savedId);
      printAfterSave(form.dataModel, form.name, savedId);
    },
    onDeleted: () => {
      setCurrent(null);
    },
  });
  const editing = scenario.scenario !== 'view';
  // navigation is set up before the scenario it is locked by: follow it while rendering
  if (locked !== editing) setLocked(editing);

  const extras = useFormExtras(form, record);
  useEffect(() => {
    if (extras.reportsFailed) warn('unable to get reports');
  }, [extras.reportsFailed, warn]);

  const toggleFilterByValue = () => {
    listState.updateTable({ showColumnFilters: !listState.table.showColumnFilters });
  };
  useFormShortcuts({
    focusFilter: () => focusSection(SECTION_IDS.filter),
    focusForm: () => focusSection(SECTION_IDS.form),
    focusTable: () => focusSection(SECTION_IDS.table, 'tr[data-record-id]'),
    toggleFilterByValue,
    openFilterByValue: () => setFilterDialogOpen(true),
    // the record panel's compact display (cookie, spec 1 §3), not the theme's compact layout
    compactDisplay: toggleCompactDisplay,
    new: () => void scenario.startNew(),
    edit: scenario.startEdit,
    duplicate: () => void scenario.startDuplicate(),
    delete: () => void scenario.remove(),
    save: () => void scenario.save(),
    cancel: scenario.cancel,
  });

  const handleFilterChange = (next: FilterSelection) => {
    listState.setSelection(next);
    if (!editing) select(null);
  };
  useInitialFilterChange(initialFilter, (next) => {
    if (!editing) handleFilterChange(next);
  });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} aria-label={`${form.name} form`} role="region">
      <FilterSection
        form={form}
        selection={listState.selection}
        onChange={handleFilterChange}
        requiredErrors={scenario.requiredErrors}
        disabled={editing}
        filterByValueShown={listState.table.showColumnFilters}
        activeValueFilters={Object.keys(listState.filterModel).length}
        onToggleFilterByValue={toggleFilterByValue}
        onOpenFilterByValue={() => setFilterDialogOpen(true)}
        helpBase={config.HelpBaseUrl}
      />
      <FormActions
        form={form}
        scenario={scenario}
        navigation={navigation}
        canEdit={canEdit}
        record={record}
        extras={extras}
        listState={listState}
        canUpload={hasRole(holder.roles, 'operator')}
      />
      <Paper id={SECTION_IDS.form} tabIndex={-1} variant="outlined" sx={{ p: 2 }} aria-label="Current record">
        {scenario.shown ? (
          <RecordPanel
            form={form}
            columns={columns}
            record={scenario.shown}
            scenario={scenario.scenario}
            onChange={scenario.setDraft}
            serverErrors={scenario.errors}
            onDismissServerErrors={scenario.dismissErrors}
          />
        ) : (
          <Typography color="text.secondary">Select a record in the table, or create a new one.</Typography>
        )}
        {record && !editing && renderRecordAddon?.(record)}
      </Paper>
      <Box id={SECTION_IDS.table} tabIndex={-1}>
        <RecordTable
          form={form}
          searchable={extras.searchableNames}
          showId={hasRole(holder.roles, 'developer')}
          items={listState.list.data?.items ?? NO_ITEMS}
          totalCount={listState.list.data?._meta.totalCount ?? 0}
          totalCountWords={totalCountWords(listState.list.data?._meta)}
          loading={listState.list.isFetching}
          error={listState.list.isError ? listState.list.error.message : null}
          state={listState.table}
          onStateChange={listState.updateTable}
          selectedId={selectedId}
          onSelect={select}
          navigationDisabled={editing}
        />
      </Box>
      <RequiredFiltersDialog open={scenario.requiredDialogOpen} onClose={scenario.closeRequiredDialog} />
      <FilterByValueDialog
        open={filterDialogOpen}
        fields={extras.searchable}
        value={listState.filterModel}
        onApply={(model) => {
          listState.setFilterModel(model);
          setFilterDialogOpen(false);
        }}
        onClose={() => setFilterDialogOpen(false)}
      />
      <ConfirmDialog
        open={pending !== null}
        title={pending?.title ?? ''}
        message={pending?.message ?? ''}
        confirmLabel={pending?.confirmLabel}
        onConfirm={() => answer(true)}
        onCancel={() => answer(false)}
      />
    </Box>
  );
}
