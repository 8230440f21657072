import type { QueryClient } from '@tanstack/react-query';
import { formTemplateQuery, modelTemplateQuery, prefetchOpeningList } from '../../engine/form-screen/formScreenQueries';
import { formSummaryOf, formsQuery } from '../../platform/api/app.api';
import type { LandingDataLoader } from '../../platform/routing/landingData';
import { readFacetSearch } from '../facet-search/facetSearch';
import { formNameOfKey, readFormRoute } from './formRoute';
import { facetFilterOf, facetMayFilter } from './useFacetFilter';

/**
 * The model template, asked once, as soon as the form's data model is known: from the forms menu
 * (app/forms, asked at app start) or from the form template, whichever answers first.
 */
function askModelTemplate(queryClient: QueryClient, formName: string, stillSignedIn: () => boolean) {
  let asked = false;
  const ask = (dataModel: string | undefined) => {
    if (asked || !dataModel || !stillSignedIn()) return;
    asked = true;
    queryClient.query(modelTemplateQuery({ dataModel })).catch(() => undefined);
  };
  queryClient
    .query(formsQuery)
    .then((forms) => ask(formSummaryOf(forms, formName)?.dataModel))
    .catch(() => undefined);
  return ask;
}

/**
 * A form page's first data, for a link or a reload (`/forms/{form}-form[/{id}]`), asked as FormPage
 * and the screen ask: the template, and the list the screen opens with, together when the filter bar
 * starts empty (its selection is all the list needs the template for); the model template as soon
 * as the form's data model is known.
 */
export const prefetchFormPage: LandingDataLoader = async ({ queryClient, params, search, config, stillSignedIn }) => {
  const formName = formNameOfKey(params.formKey ?? '');
  if (!formName) return;
  const route = readFormRoute(params.id, search);
  const template = queryClient.query(formTemplateQuery(formName));
  const askModel = askModelTemplate(queryClient, formName, stillSignedIn);
  // a facet the form may filter by is the form's initial filter (useFacetFilter): it needs the
  // template and the config; a stored filter-bar selection only the template
  const facet = facetMayFilter(readFacetSearch());
  const listAsked = !facet && prefetchOpeningList(queryClient, formName, route, null);
  const form = await template;
  askModel(form.dataModel);
  if (listAsked || !stillSignedIn()) return;
  const useFacetSearch = facet && (await config()).useFacetSearch;
  if (!stillSignedIn()) return;
  const initialFilter = useFacetSearch ? facetFilterOf(form, readFacetSearch()) : null;
  prefetchOpeningList(queryClient, formName, route, initialFilter, form);
};
