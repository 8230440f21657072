import { memo, type ComponentType } from 'react';
import { useNavigate } from 'react-router';
import type { FormTemplate } from '@mdis/shared';
import type { FormRecord } from '../api/records.api';
import { encodeRouteFilter } from '../filter-bar/filterCascade';
import { HistoryButton } from '../history/HistoryButton';
import { FormToolbar, type FormToolbarProps } from '../toolbar/FormToolbar';
import { useFormToolbarExtensionsContext, type FormToolbarActionProps } from '../toolbar/FormToolbarExtensions';
import { RecordExtras } from '../toolbar/RecordExtras';
import { ReportMenus } from '../toolbar/ReportMenus';
import { isSafari, type LinkedForm } from '../toolbar/linkedForms';
import { FILES_WINDOW, filesFilterOf, filesFormPathOf } from '../toolbar/recordFiles';
import { reportUrl, type ReportEntry } from '../toolbar/reportLinks';
import { useReportRunner } from '../toolbar/useReportRunner';
import { useFormScreen } from './FormScreenContext';
import { sameProps, useStableHandler } from './sameProps';

/** A hash route of this app as an address a new window can open. */
function appAddress(path: string): string {
  return `${window.location.pathname}${window.location.search}#${path}`;
}

/** Runs a report or an export on the current record, the ticked rows or the list as the table shows it. */
function useRunReport(): (entry: ReportEntry) => void {
  const { form, state, params, tableView } = useFormScreen();
  const runReportOf = useReportRunner(form.name);
  return useStableHandler((entry: ReportEntry) => {
    const hidden = tableView.columnVisibility;
    const url = reportUrl(entry, {
      model: form.dataModel,
      form: form.name,
      id: state.selectedId,
      specificIds: state.ticked,
      sort: params.sort,
      filters: params.filter,
      batch: params.batch,
      columns: form.fields.map((f) => f.name).filter((name) => !(name in hidden) || hidden[name]),
    });
    runReportOf(entry, url);
  });
}

/** The toolbar wired to the scenarios, the record navigation, reports, files and linked forms. */
export function FormActions() {
  const { form, state, canEdit, canUpload, record, extras, navigation, actions } = useFormScreen();
  const routerNavigate = useNavigate();
  const extensionActions = useFormToolbarExtensionsContext();

  // One named window per form, reused by every later click (Safari: this tab, spec 1 §2).
  const openInWindow = (path: string, windowName: string) => {
    if (isSafari(navigator.userAgent)) void routerNavigate(path);
    else window.open(appAddress(path), windowName);
  };
  // the upload window starts with the current record chosen for the assignment
  const uploadFilter = encodeRouteFilter({ ...state.filter, ...filesFilterOf(form.dataModel, record) });
  const uploadFiles = () =>
    window.open(appAddress(`/files-upload?filter=${encodeURIComponent(uploadFilter)}`), 'files-upload-window');

  // The handlers call the latest screen state; the view gets the same functions in every render.
  const handlers = {
    onEdit: useStableHandler(actions.startEdit),
    onNew: useStableHandler(() => void actions.startNew()),
    onDuplicate: useStableHandler(() => void actions.startDuplicate()),
    onDelete: useStableHandler(() => void actions.remove()),
    onSave: useStableHandler(() => void actions.save()),
    onCancel: useStableHandler(actions.cancel),
    onNavigate: useStableHandler(navigation.navigate),
    onRunReport: useRunReport(),
    onShowFiles: useStableHandler(() => openInWindow(filesFormPathOf(form.dataModel, record), FILES_WINDOW)),
    onUploadFiles: useStableHandler(uploadFiles),
    onOpenLinked: useStableHandler((link: LinkedForm) => openInWindow(link.path, link.windowName)),
  };
  return (
    <FormActionsView
      {...handlers}
      form={form}
      scenario={state.scenario}
      canEdit={canEdit}
      canUpload={canUpload && canEdit}
      record={record}
      saveDisabled={actions.saveDisabled}
      busy={actions.busy}
      position={navigation.position}
      total={navigation.total}
      canGoBack={navigation.canGoBack}
      canGoForward={navigation.canGoForward}
      exports={extras.menus.exports}
      reports={extras.menus.reports}
      tickedCount={state.ticked.length}
      fileCount={extras.fileCount}
      hasFiles={extras.hasFiles}
      links={extras.links}
      extensionActions={extensionActions}
    />
  );
}

// the toolbar's own props (its buttons and their handlers), and what the menus and extras beside them show
interface FormActionsViewProps extends Omit<FormToolbarProps, 'hasSelection' | 'children'> {
  form: FormTemplate;
  canUpload: boolean;
  record: FormRecord | null;
  exports: ReportEntry[];
  reports: ReportEntry[];
  tickedCount: number;
  fileCount: number | undefined;
  hasFiles: boolean;
  links: LinkedForm[];
  extensionActions: readonly ComponentType<FormToolbarActionProps>[];
  onRunReport: (entry: ReportEntry) => void;
  onShowFiles: () => void;
  onUploadFiles: () => void;
  onOpenLinked: (link: LinkedForm) => void;
}

const openUrl = (url: string) => window.open(url, '_blank', 'noopener');

// not rendered again by a sort, a page or rows arriving: only when what it shows changes
const FormActionsView = memo(function FormActionsView(props: FormActionsViewProps) {
  const { form, scenario, canEdit, record, total } = props;
  const viewing = scenario === 'view';
  return (
    <FormToolbar
      scenario={scenario}
      canEdit={canEdit}
      hasSelection={record !== null}
      saveDisabled={props.saveDisabled}
      busy={props.busy}
      position={props.position}
      total={total}
      canGoBack={props.canGoBack}
      canGoForward={props.canGoForward}
      onEdit={props.onEdit}
      onNew={props.onNew}
      onDuplicate={props.onDuplicate}
      onDelete={props.onDelete}
      onSave={props.onSave}
      onCancel={props.onCancel}
      onNavigate={props.onNavigate}
    >
      <ReportMenus
        exports={props.exports}
        reports={props.reports}
        onRun={props.onRunReport}
        autoPrintForm={form.name}
        tickedCount={props.tickedCount}
        listCount={total ?? 0}
      />
      <RecordExtras
        record={record}
        fileCount={props.fileCount}
        hasFiles={props.hasFiles}
        canUpload={props.canUpload}
        links={props.links}
        disabled={!viewing}
        onOpenUrl={openUrl}
        onShowFiles={props.onShowFiles}
        onUploadFiles={props.onUploadFiles}
        onOpenLinked={props.onOpenLinked}
      />
      {record && <HistoryButton form={form} record={record} canRestore={canEdit} disabled={!viewing} />}
      {props.extensionActions.map((Action, index) => (
        <Action key={Action.displayName ?? String(index)} form={form} canEdit={canEdit} disabled={!viewing} />
      ))}
    </FormToolbar>
  );
}, sameProps);
