import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../platform/api/ApiError';
import { useNotifications } from '../../platform/notifications/NotificationsContext';
import { recordKeys, recordsApi } from '../api/records.api';
import { isActionReport, type ReportEntry } from './reportLinks';

/**
 * Runs a report the user picked (and confirmed, when it asks to): a report or an export opens in
 * a new tab (the session cookie authenticates it), as does an action that takes input on its own
 * page; any other action is POSTed with the bearer token,
 * then the form's records are reloaded and its message shown.
 */
export function useReportRunner(formName: string) {
  const queryClient = useQueryClient();
  const { notify, warn } = useNotifications();
  return (entry: ReportEntry, url: string) => {
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
