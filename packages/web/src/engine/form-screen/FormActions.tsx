import { useNavigate } from 'react-router';
import type { FormTemplate } from '@mdis/shared';
import type { FormRecord } from '../api/records.api';
import { encodeRouteFilter } from '../filter-bar/filterCascade';
import { HistoryButton } from '../history/HistoryButton';
import { FormToolbar } from '../toolbar/FormToolbar';
import { RecordExtras } from '../toolbar/RecordExtras';
import { ReportMenus } from '../toolbar/ReportMenus';
import { isSafari, type LinkedForm } from '../toolbar/linkedForms';
import { filesFilterOf, filesFormPathOf } from '../toolbar/recordFiles';
import { reportUrl, type ReportEntry } from '../toolbar/reportLinks';
import { useReportRunner } from '../toolbar/useReportRunner';
import type { useFormExtras } from './useFormExtras';
import type { FormListState } from './useFormListState';
import type { useRecordNavigation } from './useRecordNavigation';
import type { useRecordScenario } from './useRecordScenario';

export interface FormActionsProps {
  form: FormTemplate;
  scenario: ReturnType<typeof useRecordScenario>;
  navigation: ReturnType<typeof useRecordNavigation>;
  canEdit: boolean;
  canUpload: boolean;
  record: FormRecord | null;
  extras: ReturnType<typeof useFormExtras>;
  listState: FormListState;
}

/** A hash route of this app as an address a new window can open. */
function appAddress(path: string): string {
  return `${window.location.pathname}${window.location.search}#${path}`;
}

/** The toolbar wired to the scenarios, the record navigation, reports, files and linked forms. */
export function FormActions({
  form,
  scenario,
  navigation,
  canEdit,
  canUpload,
  record,
  extras,
  listState,
}: FormActionsProps) {
  const routerNavigate = useNavigate();
  const runReportOf = useReportRunner(form.name);
  const viewing = scenario.scenario === 'view';

  const openLinked = (link: LinkedForm) => {
    if (isSafari(navigator.userAgent)) void routerNavigate(link.path);
    else window.open(appAddress(link.path), link.windowName);
  };
  const runReport = (entry: ReportEntry) => {
    const ticked = Object.keys(listState.table.rowSelection).filter((id) => listState.table.rowSelection[id]);
    const hidden = listState.table.columnVisibility;
    const url = reportUrl(entry, {
      model: form.dataModel,
      form: form.name,
      id: navigation.selectedId,
      specificIds: ticked.map(Number),
      sort: listState.params.sort,
      filters: listState.params.filter,
      columns: form.fields.map((f) => f.name).filter((name) => !(name in hidden) || hidden[name]),
    });
    runReportOf(entry, url);
  };
  // the upload window starts with the current record chosen for the assignment
  const uploadFilter = encodeRouteFilter({ ...listState.selection, ...filesFilterOf(form.dataModel, record) });

  return (
    <FormToolbar
      scenario={scenario.scenario}
      canEdit={canEdit}
      hasSelection={record !== null}
      saveDisabled={scenario.saveDisabled}
      busy={scenario.busy}
      position={navigation.position}
      total={navigation.total}
      canGoBack={navigation.canGoBack}
      canGoForward={navigation.canGoForward}
      onEdit={scenario.startEdit}
      onNew={() => void scenario.startNew()}
      onDuplicate={() => void scenario.startDuplicate()}
      onDelete={() => void scenario.remove()}
      onSave={() => void scenario.save()}
      onCancel={scenario.cancel}
      onNavigate={navigation.navigate}
    >
      <ReportMenus
        exports={extras.menus.exports}
        reports={extras.menus.reports}
        onRun={runReport}
        autoPrintForm={form.name}
      />
      <RecordExtras
        record={record}
        fileCount={extras.fileCount}
        hasFiles={extras.hasFiles}
        canUpload={canUpload && canEdit}
        links={extras.links}
        disabled={!viewing}
        onOpenUrl={(url) => window.open(url, '_blank', 'noopener')}
        onShowFiles={() => void routerNavigate(filesFormPathOf(form.dataModel, record))}
        onUploadFiles={() =>
          window.open(appAddress(`/files-upload?filter=${encodeURIComponent(uploadFilter)}`), 'files-upload-window')
        }
        onOpenLinked={openLinked}
      />
      {record && <HistoryButton form={form} record={record} canRestore={canEdit} disabled={!viewing} />}
    </FormToolbar>
  );
}
