import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { appApi, appKeys } from '../../platform/api/app.api';
import { igsnApi } from './igsn.api';
import { toFoundForms, type FoundForm } from './foundForms';

/**
 * Searches a code and pairs the answers with the user's forms. The forms list is the shell's
 * cached query (the menu loads it anyway), so a search costs one call.
 */
export function useIgsnSearch(): (igsn: string) => Promise<FoundForm[]> {
  const queryClient = useQueryClient();
  return useCallback(
    async (igsn: string) => {
      const [matches, forms] = await Promise.all([
        igsnApi.find(igsn),
        queryClient.query({ queryKey: appKeys.forms(), queryFn: appApi.forms, staleTime: 60_000 }),
      ]);
      return toFoundForms(matches, forms);
    },
    [queryClient],
  );
}
