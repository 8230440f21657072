import type { FormTemplate } from '@mdis/shared';
import { useSessionContext } from '../../platform/session/SessionContext';
import type { FilterSelection } from '../../engine/filter-bar/filterCascade';
import { FACET_KEYS, facetFilterFor, useFacetSearch, type FacetSearch } from '../facet-search/facetSearch';

/** The facet's part a form filters by (program, expedition); null when it filters by neither. */
export function facetFilterOf(form: FormTemplate, facet: FacetSearch): FilterSelection | null {
  const filter = facetFilterFor(Object.keys(form.filterDataModels), facet);
  return Object.keys(filter).length > 0 ? filter : null;
}

/** Whether the facet may filter a form at all (one id of a facet chosen), whatever the form. */
export function facetMayFilter(facet: FacetSearch): boolean {
  return Object.keys(facetFilterFor(FACET_KEYS, facet)).length > 0;
}

/**
 * The facet search (app config useFacetSearch): program and expedition chosen once in the top bar
 * and kept in a cookie; the initial filter of every form that filters by them.
 */
export function useFacetFilter(form: FormTemplate | undefined): FilterSelection | null {
  const { config, user } = useSessionContext();
  const facet = useFacetSearch();
  if (!config.useFacetSearch || user === null || !form) return null;
  return facetFilterOf(form, facet);
}
