import { useQuery } from '@tanstack/react-query';
import { FACET_SEARCH_KEY, type FormTemplate } from '@mdis/shared';
import { api } from '../../app/api/apiClient';
import { useSessionContext } from '../../app/session/SessionContext';
import type { FilterSelection } from '../../engine/filter-bar/filterCascade';

function asSelection(value: unknown): FilterSelection {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const selection: FilterSelection = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>))
    if (typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v))) selection[key] = Number(v);
  return selection;
}

/**
 * The facet search (app config useFacetSearch): program and expedition chosen once for the whole
 * app and kept in the user config; the initial filter of every form that filters by them.
 */
export function useFacetFilter(form: FormTemplate | undefined): { ready: boolean; filter: FilterSelection | null } {
  const { config, user } = useSessionContext();
  const enabled = config.useFacetSearch && user !== null;
  const facet = useQuery({
    queryKey: ['user', 'app', 'user-config', FACET_SEARCH_KEY],
    queryFn: () => api.get<unknown>(`app/user-config/${FACET_SEARCH_KEY}`).catch(() => null),
    enabled,
  });
  if (!enabled || !form) return { ready: true, filter: null };
  if (facet.isPending) return { ready: false, filter: null };
  const values = asSelection(facet.data);
  const filter = Object.fromEntries(Object.entries(values).filter(([key]) => key in form.filterDataModels));
  return { ready: true, filter: Object.keys(filter).length > 0 ? filter : null };
}
