import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { appApi, appKeys } from '../../platform/api/app.api';
import { useSessionContext } from '../../platform/session/SessionContext';
import { nameInWords, type FormLabels } from '../router/routeMeta';

/**
 * The forms' labels as the menu shows them (app/forms, the query the drawer already holds), for the
 * breadcrumbs and the page title: one source with the menu and the form's heading.
 */
export function useFormLabels(): FormLabels {
  const { user, status } = useSessionContext();
  // as the drawer: only once the stored user is confirmed (a refused token asks nothing more)
  const ready = Boolean(user) && status === 'ready';
  const forms = useQuery({ queryKey: appKeys.forms(), queryFn: appApi.forms, enabled: ready });
  return useMemo(() => {
    const labels = new Map(
      Object.values(forms.data ?? {})
        .flat()
        .map((form) => [form.key, form.label] as const),
    );
    return (name: string) => labels.get(name) || nameInWords(name);
  }, [forms.data]);
}
