import { useNavigate } from 'react-router';
import { encodeRouteFilter } from '../filter-bar/filterCascade';
import { HistoryButton } from '../history/HistoryButton';
import { FormToolbar } from '../toolbar/FormToolbar';
import { useFormToolbarExtensionsContext } from '../toolbar/FormToolbarExtensions';
import { RecordExtras } from '../toolbar/RecordExtras';
import { ReportMenus } from '../toolbar/ReportMenus';
import { isSafari, type LinkedForm } from '../toolbar/linkedForms';
import { FILES_WINDOW, filesFilterOf, filesFormPathOf } from '../toolbar/recordFiles';
import { reportUrl, type ReportEntry } from '../toolbar/reportLinks';
import { useReportRunner } from '../toolbar/useReportRunner';
import { useFormScreen } from './FormScreenContext';

/** A hash route of this app as an address a new window can open. */
function appAddress(path: string): string {
  return `${window.location.pathname}${window.location.search}#${path}`;
}

/** The toolbar wired to the scenarios, the record navigation, reports, files and linked forms. */
export function FormActions() {
  const { form, state, params, canEdit, canUpload, record, extras, navigation, actions, tableView } = useFormScreen();
  const routerNavigate = useNavigate();
  const runReportOf = useReportRunner(form.name);
  const extensionActions = useFormToolbarExtensionsContext();
  const viewing = state.scenario === 'view';

  // One named window per form, reused by every later click (Safari: this tab, spec 1 §2).
  const openInWindow = (path: string, windowName: string) => {
    if (isSafari(navigator.userAgent)) void routerNavigate(path);
    else window.open(appAddress(path), windowName);
  };
  const openLinked = (link: LinkedForm) => openInWindow(link.path, link.windowName);
  const runReport = (entry: ReportEntry) => {
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
  };
  // the upload window starts with the current record chosen for the assignment
  const uploadFilter = encodeRouteFilter({ ...state.filter, ...filesFilterOf(form.dataModel, record) });

  return (
    <FormToolbar
      scenario={state.scenario}
      canEdit={canEdit}
      hasSelection={record !== null}
      saveDisabled={actions.saveDisabled}
      busy={actions.busy}
      position={navigation.position}
      total={navigation.total}
      canGoBack={navigation.canGoBack}
      canGoForward={navigation.canGoForward}
      onEdit={actions.startEdit}
      onNew={() => void actions.startNew()}
      onDuplicate={() => void actions.startDuplicate()}
      onDelete={() => void actions.remove()}
      onSave={() => void actions.save()}
      onCancel={actions.cancel}
      onNavigate={navigation.navigate}
    >
      <ReportMenus
        exports={extras.menus.exports}
        reports={extras.menus.reports}
        onRun={runReport}
        autoPrintForm={form.name}
        tickedCount={state.ticked.length}
        listCount={navigation.total ?? 0}
      />
      <RecordExtras
        record={record}
        fileCount={extras.fileCount}
        hasFiles={extras.hasFiles}
        canUpload={canUpload && canEdit}
        links={extras.links}
        disabled={!viewing}
        onOpenUrl={(url) => window.open(url, '_blank', 'noopener')}
        onShowFiles={() => openInWindow(filesFormPathOf(form.dataModel, record), FILES_WINDOW)}
        onUploadFiles={() =>
          window.open(appAddress(`/files-upload?filter=${encodeURIComponent(uploadFilter)}`), 'files-upload-window')
        }
        onOpenLinked={openLinked}
      />
      {record && <HistoryButton form={form} record={record} canRestore={canEdit} disabled={!viewing} />}
      {extensionActions.map((Action, index) => (
        <Action key={Action.displayName ?? String(index)} form={form} canEdit={canEdit} disabled={!viewing} />
      ))}
    </FormToolbar>
  );
}
