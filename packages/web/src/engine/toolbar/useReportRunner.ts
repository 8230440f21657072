import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../platform/api/ApiError';
import { useNotifications } from '../../platform/notifications/NotificationsContext';
import { recordKeys, recordsApi } from '../api/records.api';
import { downloadExport } from './exportDownload';
import { isActionReport, type ReportEntry } from './reportLinks';

/**
 * Runs a report the user picked (and confirmed, when it asks to): a list export downloads in the
 * page with its progress shown (exportDownload.ts); a report opens in
 * a new tab (the session cookie authenticates it), as does an action that takes input on its own
 * page; any other action is POSTed with the bearer token,
 * then the form's records are reloaded and its message shown.
 */
export function useReportRunner(formName: string) {
  const queryClient = useQueryClient();
  const { notify, warn } = useNotifications();
  return (entry: ReportEntry, url: string) => {
    // A list export can be a million rows: downloaded here, with its progress shown.
    if (entry.report.type === 'export') {
      downloadExport(url, entry.report.title ?? entry.report.name).catch((error: unknown) => warn(errorMessage(error)));
      return;
    }
    if (!isActionReport(entry) || entry.report.opensPage) {
      window.open(url, '_blank');
      return;
    }
    recordsApi.runReportAction(url).then(
      async (result) => {
        notify(result.message, 'success');
        await queryClient.invalidateQueries({ queryKey: recordKeys.form(formName) });
      },
      (error: unknown) => warn(errorMessage(error)),
    );
  };
}
