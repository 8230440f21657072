import { useCallback } from 'react';
import { useSessionContext } from '../../platform/session/SessionContext';
import { matchesFacet, useFacetSearch, type FacetKey } from './facetSearch';

/**
 * Which forms the drawer and the overview offer: with the facet search on, a form carrying
 * `facetValues` only where they match the chosen programs and expeditions; every form otherwise.
 */
export function useFacetFormFilter(): (form: { facetValues?: Partial<Record<FacetKey, unknown>> }) => boolean {
  const { config } = useSessionContext();
  const facet = useFacetSearch();
  const enabled = config.useFacetSearch;
  return useCallback((form) => !enabled || matchesFacet(form.facetValues, facet), [enabled, facet]);
}
