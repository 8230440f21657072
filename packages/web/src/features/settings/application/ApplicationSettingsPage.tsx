import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import { errorMessage } from '../../../platform/api/ApiError';
import { PageHeading } from '../../../ui/PageHeading';
import { PageLoading } from '../../../ui/PageLoading';
import { ApplicationSettingsForm } from './ApplicationSettingsForm';
import { appSettingsApi, appSettingsKeys } from './appSettings.api';

/** `/settings/application`: the app config a developer or administrator changes (name, logos, map, IGSN…). */
export function ApplicationSettingsPage() {
  const stored = useQuery({ queryKey: appSettingsKeys.all(), queryFn: appSettingsApi.read });
  return (
    <>
      <PageHeading title="Application settings" />
      {stored.isPending ? (
        <PageLoading />
      ) : stored.isError ? (
        <Alert severity="error">{errorMessage(stored.error)}</Alert>
      ) : (
        <ApplicationSettingsForm stored={stored.data} />
      )}
    </>
  );
}
