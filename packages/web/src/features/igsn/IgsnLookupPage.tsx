import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import { errorMessage } from '../../platform/api/ApiError';
import { useNotifications } from '../../platform/notifications/NotificationsContext';
import { PageHeading } from '../../ui/PageHeading';
import { PageLoading } from '../../ui/PageLoading';
import { FoundFormsList } from './FoundFormsList';
import { useIgsnSearch } from './useIgsnSearch';

/** Under the 'user' prefix: what a code finds depends on who may see which records. */
const igsnKeys = { find: (igsn: string) => ['user', 'igsn', igsn] as const };

/**
 * `forms/igsn/{igsn}` (spec 1 §2): exactly one match opens that record's form with its filter set;
 * several are listed as links; no code goes to '/'; a failure shows the server's message as a 30 s
 * warning and goes to '/'. The page replaces itself in the history so Back does not land here again.
 */
export function IgsnLookupPage() {
  const igsn = (useParams().igsn ?? '').trim();
  const navigate = useNavigate();
  const { warn } = useNotifications();
  const search = useIgsnSearch();
  const result = useQuery({
    queryKey: igsnKeys.find(igsn),
    queryFn: () => search(igsn),
    enabled: igsn !== '',
    retry: false,
    staleTime: 0,
  });
  const only = result.data?.length === 1 ? result.data[0] : undefined;

  useEffect(() => {
    if (igsn === '') void navigate('/', { replace: true });
  }, [igsn, navigate]);
  useEffect(() => {
    if (only) void navigate(only.path, { replace: true });
  }, [only, navigate]);
  useEffect(() => {
    if (!result.isError) return;
    warn(errorMessage(result.error));
    void navigate('/', { replace: true });
  }, [result.isError, result.error, warn, navigate]);

  if (!result.data || only) return <PageLoading />;
  return (
    <>
      <PageHeading title={`IGSN ${igsn}`} />
      {result.data.length === 0 ? (
        <Alert severity="info">No record found for IGSN {igsn}.</Alert>
      ) : (
        <FoundFormsList forms={result.data} />
      )}
    </>
  );
}
