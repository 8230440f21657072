import { formTemplateQuery, modelTemplateQuery, prefetchOpeningList } from '../../engine/form-screen/formScreenQueries';
import type { LandingDataLoader } from '../../platform/routing/landingData';
import { readFacetSearch } from '../facet-search/facetSearch';
import { formNameOfKey, readFormRoute } from './formRoute';
import { facetFilterOf, facetMayFilter } from './useFacetFilter';

/**
 * A form page's first data, for a link or a reload (`/forms/{form}-form[/{id}]`), asked as FormPage
 * and the screen ask: the template, and the list the screen opens with, together when the filter bar
 * starts empty (its selection is all the list needs the template for); then the model template.
 */
export const prefetchFormPage: LandingDataLoader = async ({ queryClient, params, search, config, stillSignedIn }) => {
  const formName = formNameOfKey(params.formKey ?? '');
  if (!formName) return;
  const route = readFormRoute(params.id, search);
  const template = queryClient.query(formTemplateQuery(formName));
  // a facet the form may filter by is the form's initial filter (useFacetFilter): it needs the template
  const listAsked = !facetMayFilter(readFacetSearch()) && prefetchOpeningList(queryClient, formName, route, null);
  const [form, { useFacetSearch }] = await Promise.all([template, config()]);
  if (!stillSignedIn()) return;
  queryClient.query(modelTemplateQuery(form)).catch(() => undefined);
  if (listAsked) return;
  const initialFilter = useFacetSearch ? facetFilterOf(form, readFacetSearch()) : null;
  prefetchOpeningList(queryClient, formName, route, initialFilter, form);
};
