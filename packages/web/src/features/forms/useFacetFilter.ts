import type { FormTemplate } from '@mdis/shared';
import { useSessionContext } from '../../platform/session/SessionContext';
import type { FilterSelection } from '../../engine/filter-bar/filterCascade';
import { facetFilterFor, useFacetSearch } from '../facet-search/facetSearch';

/**
 * The facet search (app config useFacetSearch): program and expedition chosen once in the top bar
 * and kept in a cookie; the initial filter of every form that filters by them.
 */
export function useFacetFilter(form: FormTemplate | undefined): FilterSelection | null {
  const { config, user } = useSessionContext();
  const facet = useFacetSearch();
  if (!config.useFacetSearch || user === null || !form) return null;
  const filter = facetFilterFor(Object.keys(form.filterDataModels), facet);
  return Object.keys(filter).length > 0 ? filter : null;
}
